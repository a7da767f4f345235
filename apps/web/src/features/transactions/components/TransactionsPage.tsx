import { ChevronDown, CircleAlert, History, ReceiptText, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { CardEmpty, CardNotice, CardSpinner } from '@/components/ui/CardStates';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { useTransactions } from '../api/transactions';
import { TransactionsTable } from './TransactionsTable';

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
    body = <CardSpinner label={m.transactions_loading()} />;
  } else if (isError && items.length === 0) {
    body = (
      <CardNotice role="alert" icon={CircleAlert} tileClassName="bg-rose-500/10 text-rose-300">
        <p className="font-semibold text-white">{m.transactions_load_failed()}</p>
        <p className="max-w-md text-sm text-slate-400">{errorMessage(error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isRefetching}>
          <RefreshCw aria-hidden="true" className="size-4" /> {m.transactions_try_again()}
        </Button>
      </CardNotice>
    );
  } else if (items.length === 0) {
    body = <CardEmpty icon={ReceiptText}>{m.transactions_empty()}</CardEmpty>;
  } else {
    body = <TransactionsTable items={items} />;
  }

  return (
    <>
      <PageHeader title={m.transactions_title()} description={m.transactions_description()} icon={History} />
      <Card className="overflow-hidden">{body}</Card>
      {hasNextPage && items.length > 0 && (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? <Spinner /> : <ChevronDown aria-hidden="true" className="size-4" />}
            {isFetchingNextPage ? m.transactions_loading_more() : m.transactions_load_more()}
          </Button>
        </div>
      )}
    </>
  );
}
