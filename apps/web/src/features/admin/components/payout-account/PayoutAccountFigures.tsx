import { ExternalLink } from 'lucide-react';
import type { PayoutAccountResponse } from '@rewards/contracts';
import { formatCount, formatDateTime, formatShortDateTime } from '../format';
import { Figure } from '@/components/ui/Figure';
import { m } from '@/paraglide/messages.js';
import { cookieSourceLabel, methodLabel, modeLabel, robux } from './labels';

const readNote = (iso: string | null) =>
  iso ? (
    <span title={formatDateTime(iso)}>{m.admin_payout_read_at({ when: formatShortDateTime(iso) })}</span>
  ) : (
    m.admin_payout_not_read()
  );

/** How payouts run, what the payout account (and the group) holds, and what the queue will cost. */
export function PayoutAccountFigures({ account }: { account: PayoutAccountResponse }) {
  const { queue, group, cookie } = account;
  const groupOn = account.methods.includes('group');
  const gamepassOn = account.methods.includes('gamepass');
  const queueCosts = [
    gamepassOn || queue.gamepassCost > 0
      ? m.admin_payout_cost_gamepass({ cost: robux(queue.gamepassCost) })
      : null,
    groupOn || queue.groupCost > 0 ? m.admin_payout_cost_group({ cost: robux(queue.groupCost) }) : null,
  ].filter(Boolean);
  return (
    <dl data-testid="payout-figures" className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
      <Figure
        label={m.admin_payout_mode()}
        value={modeLabel[account.mode]()}
        note={m.admin_payout_methods({
          methods: account.methods.map((method) => methodLabel[method]()).join(', '),
        })}
      />
      <Figure
        label={m.admin_payout_account_robux({ id: account.account.userId })}
        value={account.account.robux === null ? m.admin_unknown() : robux(account.account.robux)}
        note={readNote(account.account.readAt)}
        tone={account.account.robux === null ? 'warn' : undefined}
      />
      {group && (
        <Figure
          label={m.admin_payout_group_funds()}
          value={group.funds === null ? m.admin_unknown() : robux(group.funds)}
          note={
            <>
              <a
                href={group.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-sky-300 underline-offset-2 hover:underline"
              >
                {m.admin_payout_group_link({ id: group.id })}{' '}
                <ExternalLink aria-hidden="true" className="size-3" />
              </a>{' '}
              · {readNote(group.readAt)}
            </>
          }
          tone={group.funds === null ? 'warn' : undefined}
        />
      )}
      <Figure
        label={m.admin_payout_paid_24h()}
        value={`${formatCount(account.paidLast24h.count)} · ${robux(account.paidLast24h.robux)}`}
      />
      <Figure
        label={m.admin_payout_waiting()}
        value={formatCount(queue.count)}
        note={queueCosts.length > 0 ? m.admin_payout_cost({ costs: queueCosts.join(' · ') }) : undefined}
      />
      <Figure
        label={m.admin_payout_cookie()}
        value={cookieSourceLabel[cookie.source]()}
        note={
          cookie.updatedAt
            ? m.admin_payout_cookie_replaced_at({ when: formatDateTime(cookie.updatedAt) })
            : cookie.source === 'environment'
              ? 'ROBLOX_PAYOUT_COOKIE'
              : undefined
        }
        tone={cookie.source === 'none' ? 'warn' : undefined}
      />
    </dl>
  );
}
