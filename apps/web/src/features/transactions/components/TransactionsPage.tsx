import { ChevronDown, CircleAlert, History, ReceiptText, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { CardEmpty, CardNotice, CardSpinner } from '@/components/ui/CardStates';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/toast';
import { useTransactions } from '../api/transactions';
import { TransactionsTable } from './TransactionsTable';

const EMPTY_TRANSACTIONS_TEXT = 'No transactions yet.';

export function TransactionsPage() {
  const {
    data,
    error,
    isPending,
    isError,
    refetch,
    isRefetching,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
  } = useTransactions();
  const items = data?.pages.flatMap((p) => p.items) ?? [];

  let body;
  if (isPending) {
    body = <CardSpinner label="Loading transactions" />;
  } else if (isError && items.length === 0) {
    body = (
      <CardNotice role="alert" icon={CircleAlert} tileClassName="bg-rose-500/10 text-rose-300">
        <p className="font-semibold text-white">Could not load your transactions.</p>
        <p className="max-w-md text-sm text-slate-400">{errorMessage(error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isRefetching}>
          <RefreshCw aria-hidden="true" className="size-4" /> Try again
        </Button>
      </CardNotice>
    );
  } else if (items.length === 0) {
    body = <CardEmpty icon={ReceiptText}>{EMPTY_TRANSACTIONS_TEXT}</CardEmpty>;
  } else {
    body = <TransactionsTable items={items} />;
  }

  return (
    <>
      <PageHeader title="Transactions" description="Everything you earned and withdrew." icon={History} />
      <Card className="overflow-hidden">{body}</Card>
      {hasNextPage && items.length > 0 && (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? <Spinner /> : <ChevronDown aria-hidden="true" className="size-4" />}
            {isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}
