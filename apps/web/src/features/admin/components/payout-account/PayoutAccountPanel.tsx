import { useState } from 'react';
import { Play } from 'lucide-react';
import type { PayoutAccountResponse } from '@rewards/contracts';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { LoadingRow } from '@/components/ui/CardStates';
import { useConfirmation, type Confirmation } from '@/components/ui/ConfirmDialog';
import { Panel } from '@/components/ui/Panel';
import { toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
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

const resumeQuestion = (): Confirmation => ({
  title: m.admin_payout_resume_title(),
  question: m.admin_payout_resume_question(),
  confirm: m.admin_payout_resume(),
});

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

  const error = missing ? m.admin_payout_missing_cookie() : (replace.error ?? resume.error ?? account.error);

  return (
    <section id={PAYOUT_PANEL_ID} aria-label={m.admin_payout_title()} className="scroll-mt-24">
      {dialog}
      <Panel
        title={m.admin_payout_title()}
        description={data && <StatusLine account={data} />}
        actions={data && <StatusBadge account={data} />}
      >
        <SectionError error={error} onRetry={retryFailed(account)} />
        {account.isPending ? (
          <LoadingRow label={m.admin_payout_loading()} />
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
                    error={missing ? m.admin_payout_missing_cookie() : undefined}
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
                              m.admin_payout_cookie_replaced(),
                              m.admin_payout_cookie_replaced_description(),
                            );
                          },
                        },
                      );
                    }}
                  />
                </div>
                {(data.status === 'needs_attention' || data.fundsPause) && (
                  <div className="flex flex-col gap-2 lg:w-64">
                    <h4 className="text-sm font-bold text-white">{m.admin_payout_resume_heading()}</h4>
                    <Button
                      disabled={resume.isPending}
                      onClick={() => {
                        reset();
                        ask(resumeQuestion(), () =>
                          resume.mutate(undefined, {
                            onSuccess: () =>
                              toastSuccess(m.admin_payout_resumed(), m.admin_payout_resumed_description()),
                          }),
                        );
                      }}
                    >
                      <Play aria-hidden="true" className="size-4" />
                      {resume.isPending ? m.admin_payout_resuming() : m.admin_payout_resume()}
                    </Button>
                    <p className="text-xs text-slate-500">
                      {data.status === 'needs_attention'
                        ? m.admin_payout_resume_after_fix()
                        : m.admin_payout_resume_now()}
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
  return account.status === 'ok' ? (
    <Badge tone="green">{m.admin_payout_ok()}</Badge>
  ) : (
    <Badge tone="red">{m.admin_payout_needs_attention()}</Badge>
  );
}

/** Why payouts stopped, and since when; or that they run. */
function StatusLine({ account }: { account: PayoutAccountResponse }) {
  const when = account.since ? formatDateTime(account.since) : null;
  const reason = account.reason ?? m.admin_payout_refused();
  return (
    <span data-testid="payout-status" className="break-words">
      {account.status === 'ok'
        ? when
          ? m.admin_payout_run_since({ when })
          : m.admin_payout_run()
        : when
          ? m.admin_payout_stopped_since({ when, reason })
          : m.admin_payout_stopped({ reason })}
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
          {m.admin_payout_waiting_for_robux({ pause: fundsPause })}
        </p>
      )}
      {warnings.length > 0 && (
        <ul
          aria-label={m.admin_payout_warnings()}
          className="list-disc rounded-xl border border-amber-400/30 bg-amber-400/5 py-2.5 pr-3.5 pl-8 break-words text-amber-100"
        >
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      {readError && (
        <p data-testid="read-error" className="break-words text-amber-200/80">
          {m.admin_payout_read_error({ error: readError })}
        </p>
      )}
    </div>
  );
}
