import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Coins, Link2, ShieldAlert, Wallet } from 'lucide-react';
import type { WithdrawalMethod } from '@rewards/contracts';
import { ButtonLink } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { SubmitButton } from '@/components/ui/SubmitButton';
import { ChoiceField, TextField } from '@/components/ui/FormField';
import { notifyBalanceUpdated, useBalance, useMe } from '@/lib/balance';
import { formatRobux } from '@/lib/format';
import { useFieldError } from '@/lib/form-state';
import { useSession } from '@/lib/session';
import { currentLocale } from '@/lib/i18n';
import { errorMessage, toastError, toastSuccess } from '@/lib/toast';
import { ApiError } from '@/lib/api-client';
import { m } from '@/paraglide/messages.js';
import { submitWithdrawal, useWithdrawals, withdrawalsQueryKey } from '../api/withdraw';
import { offeredMethods, usePayoutOptions, usePendingRobux } from '../api/payout-options';
import { paths } from '@/config/paths';
import {
  checkWithdrawal,
  outOfBounds,
  outOfBoundsText,
  wholeRobux,
  type WithdrawField,
} from './withdraw-checks';
import { Withdrawable } from './Withdrawable';
import { submitRefusal } from './withdraw-refusal';
import { GamepassPrice, GamepassPriceHint } from './GamepassPrice';
import { GroupPayoutNotice } from './GroupPayoutNotice';
import { METHOD_LABELS } from './method-labels';

export function WithdrawForm() {
  const session = useSession();
  const me = useMe();
  const { balance } = useBalance();
  const queryClient = useQueryClient();
  // What stops a withdrawal now (a paused account, a negative balance), told before the player tries.
  const blocked = useWithdrawals().data?.blocked;
  const options = usePayoutOptions().data;
  const pending = usePendingRobux().data?.pendingRobux;
  const methods = offeredMethods(options);
  const [chosen, setChosen] = useState<WithdrawalMethod | null>(null);
  const [link, setLink] = useState('');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  // The last refusal about one field, shown under it (and toasted); cleared when that field changes.
  const { errorOf, refuse, clear } = useFieldError<WithdrawField>();

  // The operator's first method is the default; a choice the server no longer offers falls back to it.
  const method = chosen !== null && methods.includes(chosen) ? chosen : methods[0];
  const group = method === 'group';
  // The server re-checks eligibility; the page only stops a request that would surely be refused.
  const groupClosed = group && options?.group?.eligibility !== 'Eligible';
  const robux = wholeRobux(amount);
  // Until the server has told them, the server alone holds a request to the bounds.
  const knownBounds = options && { minimum: options.minRobux, maximum: options.maxRobux };
  // An amount outside the bounds has no price to set: the hint says the bounds instead.
  const pricedRobux = robux !== null && outOfBounds(robux, knownBounds) ? null : robux;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || groupClosed) return;
    const account = me.data ?? (await me.refetch()).data;
    const checked = checkWithdrawal({
      method,
      link,
      amount,
      account,
      username: session?.username,
      robloxId: session?.robloxId,
      balance,
      bounds: knownBounds,
    });
    if ('refused' in checked) {
      const { title, description, field } = checked.refused;
      if (field) refuse(field, description ?? title);
      else clear();
      toastError(null, title, description);
      return;
    }
    clear();

    setBusy(true);
    try {
      const result = await submitWithdrawal(checked.request);
      if (result.withdrawal.state === 'in_review') {
        toastSuccess(
          m.withdraw_sent_review(),
          // The server's sentence in English (it may say why); the same meaning in the other languages.
          currentLocale() === 'en' ? result.message : m.withdraw_sent_review_detail(),
          { duration: 10_000 },
        );
      } else {
        toastSuccess(m.withdraw_sent(), m.withdraw_sent_detail());
      }
      setLink('');
      setAmount('');
      notifyBalanceUpdated();
      if (session?.username) {
        void queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey(session.username) });
      }
    } catch (err) {
      const refusal = submitRefusal(err, method);
      if (refusal.field) refuse(refusal.field, refusal.text);
      else clear();
      toastError(null, m.withdraw_failed(), refusal.text || m.errors_fallback());
    } finally {
      setBusy(false);
    }
  }

  const notVerified = me.data && !me.data.verified;
  // The server's sentence in English; in the other languages, the table's, with the block's figures.
  const blockedText = blocked && errorMessage(new ApiError(409, blocked.code, blocked.message, blocked));

  return (
    <Card className="p-5 sm:p-7">
      <div className="flex items-center justify-between gap-4 rounded-xl border border-emerald-400/25 bg-emerald-400/5 px-4 py-3.5">
        <div>
          <p className="text-xs font-medium tracking-wide text-emerald-200/80 uppercase">
            {m.withdraw_current_balance()}
          </p>
          <p
            data-testid="withdraw-balance"
            aria-live="polite"
            className="text-2xl font-extrabold text-white tabular-nums"
          >
            {balance === null ? m.withdraw_loading() : formatRobux(balance, { cents: 'always' })}
          </p>
          {!blocked && <Withdrawable balance={balance} bounds={knownBounds} pending={pending} />}
        </div>
        <span className="inline-flex size-11 items-center justify-center rounded-xl bg-emerald-400 text-slate-950">
          <Coins aria-hidden="true" className="size-6" />
        </span>
      </div>

      {notVerified && (
        <p className="mt-4 rounded-xl border border-amber-400/30 bg-amber-400/5 px-4 py-3 text-sm text-amber-100">
          {m.withdraw_verify_first()}{' '}
          <ButtonLink
            to={paths.profile}
            variant="ghost"
            size="sm"
            className="-my-1 px-2 text-amber-200 underline"
          >
            {m.withdraw_verify_link()}
          </ButtonLink>
        </p>
      )}

      {blocked && (
        <p
          role="status"
          data-testid="withdraw-blocked"
          className="mt-4 flex gap-2.5 rounded-xl border border-rose-400/30 bg-rose-400/5 px-4 py-3 text-sm text-rose-100"
        >
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-rose-300" />
          <span>{blockedText}</span>
        </p>
      )}

      <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-6 flex flex-col gap-5">
        {methods.length > 1 && (
          <ChoiceField
            label={m.withdraw_send_the_robux()}
            name="method"
            options={methods}
            labelOf={(choice) => METHOD_LABELS[choice]()}
            value={method}
            onChoose={setChosen}
            disabled={busy}
          />
        )}
        {!group && (
          <TextField
            label={m.withdraw_gamepass_link()}
            name="gamepass"
            placeholder="https://www.roblox.com/game-pass/123456/My-Pass"
            autoComplete="off"
            spellCheck={false}
            maxLength={500}
            value={link}
            onChange={(e) => {
              setLink(e.target.value);
              clear('link');
            }}
            error={errorOf('link')}
            disabled={busy}
            icon={<Link2 aria-hidden="true" className="size-5" />}
          />
        )}
        <div className={group ? undefined : 'grid gap-4 sm:grid-cols-2'}>
          <TextField
            id="withdraw-amount"
            label={m.withdraw_robux_amount()}
            name="amount"
            inputMode="numeric"
            placeholder={m.withdraw_amount_placeholder()}
            autoComplete="off"
            maxLength={9}
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              clear('amount');
            }}
            error={errorOf('amount')}
            hint={
              knownBounds &&
              m.withdraw_amount_bounds({
                minimum: formatRobux(knownBounds.minimum),
                maximum: formatRobux(knownBounds.maximum),
              })
            }
            disabled={busy}
            icon={<Coins aria-hidden="true" className="size-5" />}
          />
          {!group && <GamepassPrice robux={pricedRobux} amountId="withdraw-amount" />}
        </div>
        {group ? (
          <GroupPayoutNotice
            group={options?.group}
            robux={robux}
            gamepassToo={methods.includes('gamepass')}
          />
        ) : (
          <GamepassPriceHint
            robux={pricedRobux}
            outOfBounds={
              robux !== null && pricedRobux === null && knownBounds ? outOfBoundsText(knownBounds) : null
            }
          />
        )}
        <SubmitButton busy={busy} busyLabel={m.withdraw_processing()} disabled={busy || groupClosed}>
          <Wallet aria-hidden="true" className="size-5" /> {m.withdraw_submit()}
        </SubmitButton>
      </form>
    </Card>
  );
}
