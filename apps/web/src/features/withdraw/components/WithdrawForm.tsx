import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Coins, Link2, LogOut, ShieldAlert, Tag, Wallet } from 'lucide-react';
import {
  gamepassPriceFor,
  NOT_VERIFIED_MESSAGE,
  parseGamepassId,
  ROBLOX_FEE_PERCENT,
} from '@rewards/contracts';
import { Button, ButtonLink } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { SubmitButton } from '@/components/ui/SubmitButton';
import { TextField } from '@/components/ui/FormField';
import { notifyBalanceUpdated, useBalance, useMe } from '@/lib/balance';
import { formatRobux } from '@/lib/format';
import { useLogout } from '@/lib/logout';
import { useSession } from '@/lib/session';
import { errorMessage } from '@/lib/toast';
import { submitWithdrawal, useWithdrawals, withdrawalsQueryKey } from '../api/withdraw';
import { paths } from '@/config/paths';

/** A whole number of Robux greater than 0, or null. */
function wholeRobux(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n > 0 ? n : null;
}

const fail = (title: string, description?: string) =>
  toast.error(title, description ? { description } : undefined);

export function WithdrawForm() {
  const session = useSession();
  const me = useMe();
  const { balance } = useBalance();
  const logout = useLogout();
  const queryClient = useQueryClient();
  // What stops a withdrawal now (a paused account, a negative balance), told before the player tries.
  const blocked = useWithdrawals().data?.blocked;
  const [link, setLink] = useState('');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);

  const robux = wholeRobux(amount);
  const price = robux === null ? null : gamepassPriceFor(robux);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // The spec's checks, in its order; the server checks everything again.
    const account = me.data ?? (await me.refetch()).data;
    if (account && !account.verified) return fail('Verification required', NOT_VERIFIED_MESSAGE);
    if (!link.trim() || !amount.trim()) {
      return fail('Missing information', 'Enter your gamepass link and the amount of Robux.');
    }
    if (!session?.username || !session.robloxId) return fail('Missing user info', 'Please sign in again.');
    const gamepassId = parseGamepassId(link);
    if (gamepassId === null) {
      return fail(
        'Missing gamepass ID',
        'Paste the link of your gamepass, e.g. https://www.roblox.com/game-pass/123456/My-Pass.',
      );
    }
    if (robux === null) return fail('Invalid amount', 'Enter a whole number of Robux greater than 0.');
    if (!account || balance === null)
      return fail('Balance not loaded', 'Please wait a moment and try again.');
    if (robux > balance) return fail('Insufficient balance', `You only have ${balance} Robux available.`);

    setBusy(true);
    try {
      const result = await submitWithdrawal({
        username: session.username,
        gamepassId,
        gamepassUrl: link.trim(),
        amount: robux,
      });
      if (result.withdrawal.state === 'in_review') {
        toast.success('Request sent: under review', { description: result.message, duration: 10_000 });
      } else {
        toast.success('Request sent!', {
          description: 'Your withdrawal request has been submitted and balance updated.',
        });
      }
      setLink('');
      setAmount('');
      notifyBalanceUpdated();
      void queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey(session.username) });
    } catch (err) {
      toast.error('Withdrawal failed', { description: errorMessage(err) || 'Something went wrong.' });
    } finally {
      setBusy(false);
    }
  }

  const notVerified = me.data && !me.data.verified;

  return (
    <Card className="p-5 sm:p-7">
      <div className="flex items-center justify-between gap-4 rounded-xl border border-emerald-400/25 bg-emerald-400/5 px-4 py-3.5">
        <div>
          <p className="text-xs font-medium tracking-wide text-emerald-200/80 uppercase">Current balance</p>
          <p
            data-testid="withdraw-balance"
            aria-live="polite"
            className="text-2xl font-extrabold text-white tabular-nums"
          >
            {balance === null ? 'Loading...' : formatRobux(balance)}
          </p>
        </div>
        <span className="inline-flex size-11 items-center justify-center rounded-xl bg-emerald-400 text-slate-950">
          <Coins aria-hidden="true" className="size-6" />
        </span>
      </div>

      {notVerified && (
        <p className="mt-4 rounded-xl border border-amber-400/30 bg-amber-400/5 px-4 py-3 text-sm text-amber-100">
          Verify your Roblox profile before withdrawing: it proves the gamepass is yours.{' '}
          <ButtonLink
            to={paths.profile}
            variant="ghost"
            size="sm"
            className="-my-1 px-2 text-amber-200 underline"
          >
            Verify on your profile
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
          <span>{blocked.message}</span>
        </p>
      )}

      <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-6 flex flex-col gap-5">
        <TextField
          label="Gamepass link"
          name="gamepass"
          placeholder="https://www.roblox.com/game-pass/123456/My-Pass"
          autoComplete="off"
          spellCheck={false}
          maxLength={500}
          value={link}
          onChange={(e) => setLink(e.target.value)}
          disabled={busy}
          icon={<Link2 aria-hidden="true" className="size-5" />}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="withdraw-amount"
            label="Robux amount"
            name="amount"
            inputMode="numeric"
            placeholder="e.g. 100"
            autoComplete="off"
            maxLength={9}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            disabled={busy}
            icon={<Coins aria-hidden="true" className="size-5" />}
          />
          <div className="flex flex-col gap-2">
            <span className="text-sm font-medium text-slate-200">Gamepass price to set</span>
            <output
              htmlFor="withdraw-amount"
              aria-live="polite"
              className="flex h-12 items-center gap-2 rounded-xl border border-dashed border-emerald-400/40 bg-emerald-400/5 px-4 text-base font-bold text-emerald-100 tabular-nums"
            >
              <Tag aria-hidden="true" className="size-5 text-emerald-300" />
              {price === null ? '—' : `${price} Robux`}
            </output>
          </div>
        </div>
        <p data-testid="gamepass-price" className="-mt-2 text-xs text-slate-400">
          {price === null ? (
            `Roblox keeps ${ROBLOX_FEE_PERCENT}% of every gamepass sale, so the gamepass must cost a little more than the amount: we show its price once you enter an amount.`
          ) : (
            <>
              Set your gamepass price to <strong className="text-emerald-200">{price} Robux</strong>. Roblox
              keeps {ROBLOX_FEE_PERCENT}% of each sale, so you receive {robux} Robux.
            </>
          )}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <SubmitButton busy={busy} busyLabel="Processing..." className="sm:flex-1">
            <Wallet aria-hidden="true" className="size-5" /> Withdraw
          </SubmitButton>
          <Button variant="secondary" size="lg" onClick={logout}>
            <LogOut aria-hidden="true" className="size-5" /> Logout
          </Button>
        </div>
      </form>
    </Card>
  );
}
