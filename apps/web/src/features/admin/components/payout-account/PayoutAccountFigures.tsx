import { ExternalLink } from 'lucide-react';
import type { PayoutAccountResponse } from '@rewards/contracts';
import { formatCount, formatDateTime, formatShortDateTime } from '../format';
import { Figure } from '@/components/ui/Figure';
import { cookieSourceLabel, methodLabel, modeLabel, robux } from './labels';

const readNote = (iso: string | null) =>
  iso ? <span title={formatDateTime(iso)}>read {formatShortDateTime(iso)}</span> : 'not read yet';

/** How payouts run, what the payout account (and the group) holds, and what the queue will cost. */
export function PayoutAccountFigures({ account }: { account: PayoutAccountResponse }) {
  const { queue, group, cookie } = account;
  const groupOn = account.methods.includes('group');
  const gamepassOn = account.methods.includes('gamepass');
  const queueCosts = [
    gamepassOn || queue.gamepassCost > 0 ? `gamepass ${robux(queue.gamepassCost)}` : null,
    groupOn || queue.groupCost > 0 ? `group ${robux(queue.groupCost)}` : null,
  ].filter(Boolean);
  return (
    <dl data-testid="payout-figures" className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
      <Figure
        label="Mode"
        value={modeLabel[account.mode]}
        note={`Methods: ${account.methods.map((m) => methodLabel[m]).join(', ')}`}
      />
      <Figure
        label={`Payout account Robux (Roblox ${account.account.userId})`}
        value={account.account.robux === null ? 'unknown' : robux(account.account.robux)}
        note={readNote(account.account.readAt)}
        tone={account.account.robux === null ? 'warn' : undefined}
      />
      {group && (
        <Figure
          label="Group funds"
          value={group.funds === null ? 'unknown' : robux(group.funds)}
          note={
            <>
              <a
                href={group.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-sky-300 underline-offset-2 hover:underline"
              >
                group {group.id} <ExternalLink aria-hidden="true" className="size-3" />
              </a>{' '}
              · {readNote(group.readAt)}
            </>
          }
          tone={group.funds === null ? 'warn' : undefined}
        />
      )}
      <Figure
        label="Paid in the last 24 h"
        value={`${formatCount(account.paidLast24h.count)} · ${robux(account.paidLast24h.robux)}`}
      />
      <Figure
        label="Waiting to be paid"
        value={formatCount(queue.count)}
        note={queueCosts.length > 0 ? `cost: ${queueCosts.join(' · ')}` : undefined}
      />
      <Figure
        label="Payout cookie"
        value={cookieSourceLabel[cookie.source]}
        note={
          cookie.updatedAt
            ? `replaced ${formatDateTime(cookie.updatedAt)}`
            : cookie.source === 'environment'
              ? 'ROBLOX_PAYOUT_COOKIE'
              : undefined
        }
        tone={cookie.source === 'none' ? 'warn' : undefined}
      />
    </dl>
  );
}
