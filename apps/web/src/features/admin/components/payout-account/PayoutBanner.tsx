import type { ReactNode } from 'react';
import { AlertOctagon, Hourglass } from 'lucide-react';
import { ButtonLink } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { m } from '@/paraglide/messages.js';
import { usePayoutAccount } from '../../api/payout-account';
import { PAYOUT_PANEL_ID } from './labels';

const toPanel = { search: '?section=withdrawals', hash: PAYOUT_PANEL_ID };

/**
 * Above every console page while payouts do not run: red while Roblox stopped the payout account
 * (nothing is paid until an admin acts), amber while payouts only wait for Robux. Nothing when the
 * overview could not be read: the Withdrawals section's panel says why.
 */
export function PayoutBanner() {
  const { data } = usePayoutAccount();
  if (!data) return null;
  if (data.status === 'needs_attention') {
    return (
      <Banner tone="stopped" link={m.admin_payout_banner_fix()}>
        <strong className="font-semibold text-rose-200">{m.admin_payout_banner_stopped()} </strong>
        {data.reason ?? m.admin_payout_refused()} {m.admin_payout_banner_wait()}
      </Banner>
    );
  }
  if (data.fundsPause) {
    return (
      <Banner tone="waiting" link={m.admin_payout_title()}>
        <strong className="font-semibold text-amber-200">{m.admin_payout_banner_waiting()} </strong>
        {data.fundsPause}
      </Banner>
    );
  }
  return null;
}

function Banner({
  tone,
  link,
  children,
}: {
  tone: 'stopped' | 'waiting';
  link: string;
  children: ReactNode;
}) {
  const stopped = tone === 'stopped';
  const Icon = stopped ? AlertOctagon : Hourglass;
  return (
    <div
      role={stopped ? 'alert' : 'status'}
      data-testid="payout-banner"
      className={cn(
        'mb-6 flex flex-wrap items-center gap-3 rounded-2xl border px-4 py-3 text-sm',
        stopped
          ? 'border-rose-500/50 bg-rose-500/10 text-rose-100'
          : 'border-amber-400/40 bg-amber-400/5 text-amber-100',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('size-5 shrink-0', stopped ? 'text-rose-300' : 'text-amber-300')}
      />
      <p className="min-w-0 flex-1 basis-56 break-words">{children}</p>
      <ButtonLink to={toPanel} variant={stopped ? 'danger' : 'secondary'} size="sm">
        {link}
      </ButtonLink>
    </div>
  );
}
