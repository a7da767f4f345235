import { useState } from 'react';
import { Play } from 'lucide-react';
import type { PayoutAccountResponse } from '@rewards/contracts';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { LoadingRow } from '@/components/ui/CardStates';
import { useConfirmation, type Confirmation } from '@/components/ui/ConfirmDialog';
import { Panel } from '@/components/ui/Panel';
import { toastSuccess } from '@/lib/toast';
import {
  usePayoutAccount,
  useQueueFollowsPayouts,
  useReplacePayoutCookie,
  useResumePayouts,
} from '../../api/payout-account';
import { useCan } from '../../api/me';
import { formatDateTime } from '../format';
import { retryFailed, SectionError } from '../SectionError';
import { PAYOUT_PANEL_ID } from './labels';
import { PayoutAccountFigures } from './PayoutAccountFigures';
import { ReplaceCookieForm } from './ReplaceCookieForm';

const RESUME: Confirmation = {
  title: 'Resume payouts?',
  question:
    'The server first checks that Roblox accepts the payout cookie in use, then the waiting withdrawals are paid again.\n\nIf Roblox asked for a challenge or refused the cookie, replace the cookie first.',
  confirm: 'Resume payouts',
};

/**
 * The payout account at the top of the Withdrawals section: whether payouts run, what the account
 * and the group hold, what the queue costs; a new cookie and "Resume payouts" after Roblox stopped them.
 */
export function PayoutAccountPanel() {
  const account = usePayoutAccount();
  const replace = useReplacePayoutCookie();
  const resume = useResumePayouts();
  // Support and moderators see the account; only a role with payoutAccount.edit may change it.
  const canEdit = useCan('payoutAccount.edit');
  const [missing, setMissing] = useState(false);
  const { ask, dialog } = useConfirmation();
  const data = account.data;
  useQueueFollowsPayouts(data);

  function reset() {
    setMissing(false);
    replace.reset();
    resume.reset();
  }

  const error = missing
    ? 'Paste the .ROBLOSECURITY cookie value first.'
    : (replace.error ?? resume.error ?? account.error);

  return (
    <section id={PAYOUT_PANEL_ID} aria-label="Payout account" className="scroll-mt-24">
      {dialog}
      <Panel
        title="Payout account"
        description={data && <StatusLine account={data} />}
        actions={data && <StatusBadge account={data} />}
      >
        <SectionError error={error} onRetry={retryFailed(account)} />
        {account.isPending ? (
          <LoadingRow label="Loading the payout account..." />
        ) : data ? (
          <div className="flex flex-col gap-4">
            <Notes account={data} />
            <PayoutAccountFigures account={data} />
            {canEdit && (
              <div className="flex flex-col gap-4 border-t border-slate-800 pt-4 lg:flex-row lg:items-start">
                <div className="min-w-0 flex-1">
                  <ReplaceCookieForm
                    canReplace={data.cookie.canReplace}
                    busy={replace.isPending}
                    onMissing={() => {
                      reset();
                      setMissing(true);
                    }}
                    onReplace={(cookie, done) => {
                      reset();
                      replace.mutate(
                        { cookie },
                        {
                          onSuccess: () => {
                            done();
                            toastSuccess(
                              'Payout cookie replaced',
                              'Roblox accepted it. Press Resume payouts if payouts are stopped.',
                            );
                          },
                        },
                      );
                    }}
                  />
                </div>
                {(data.status === 'needs_attention' || data.fundsPause) && (
                  <div className="flex flex-col gap-2 lg:w-64">
                    <h4 className="text-sm font-bold text-white">Resume</h4>
                    <Button
                      disabled={resume.isPending}
                      onClick={() => {
                        reset();
                        ask(RESUME, () =>
                          resume.mutate(undefined, {
                            onSuccess: () =>
                              toastSuccess('Payouts resumed', 'Waiting withdrawals are paid again.'),
                          }),
                        );
                      }}
                    >
                      <Play aria-hidden="true" className="size-4" />
                      {resume.isPending ? 'Resuming...' : 'Resume payouts'}
                    </Button>
                    <p className="text-xs text-slate-500">
                      {data.status === 'needs_attention'
                        ? 'After replacing the cookie (or passing the challenge on Roblox).'
                        : 'Tries the waiting withdrawals now instead of in a minute.'}
                    </p>
                  </div>
                )}
              </div>
            )}
          </div>
        ) : null}
      </Panel>
    </section>
  );
}

function StatusBadge({ account }: { account: PayoutAccountResponse }) {
  return account.status === 'ok' ? <Badge tone="green">OK</Badge> : <Badge tone="red">Needs attention</Badge>;
}

/** Why payouts stopped, and since when; or that they run. */
function StatusLine({ account }: { account: PayoutAccountResponse }) {
  const since = account.since ? ` since ${formatDateTime(account.since)}` : '';
  return (
    <span data-testid="payout-status" className="break-words">
      {account.status === 'ok'
        ? `Payouts run${since}.`
        : `Payouts stopped${since}: ${account.reason ?? 'Roblox refused the payout account.'}`}
    </span>
  );
}

/** What waits for the admin: the funds pause, the warnings, and figures that could not be read. */
function Notes({ account }: { account: PayoutAccountResponse }) {
  const { fundsPause, warnings, readError } = account;
  if (!fundsPause && warnings.length === 0 && !readError) return null;
  return (
    <div className="flex flex-col gap-2 text-sm">
      {fundsPause && (
        <p
          data-testid="funds-pause"
          className="rounded-xl border border-amber-400/30 bg-amber-400/5 px-3.5 py-2.5 break-words text-amber-100"
        >
          Payouts are waiting for Robux: {fundsPause}
        </p>
      )}
      {warnings.length > 0 && (
        <ul
          aria-label="Warnings"
          className="list-disc rounded-xl border border-amber-400/30 bg-amber-400/5 py-2.5 pr-3.5 pl-8 break-words text-amber-100"
        >
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      {readError && (
        <p data-testid="read-error" className="break-words text-amber-200/80">
          Could not read the figures from Roblox just now: {readError}
        </p>
      )}
    </div>
  );
}
