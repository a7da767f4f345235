import type { TransactionItem } from '@rewards/contracts';
import { m } from '@/paraglide/messages.js';

/**
 * A ledger entry in the player's language, worded from its kind and parameters (the names inside it,
 * a wall, a code, a friend, a giveaway, are kept as they are). An old entry whose parameters the
 * server could not tell is shown by its stored (English) description.
 */
export function describeTransaction(item: Pick<TransactionItem, 'kind' | 'params' | 'description'>): string {
  const p = item.params;
  if (!p) return item.description;
  switch (item.kind) {
    case 'offer':
      return p.wall ? m.transactions_desc_offer({ wall: p.wall }) : item.description;
    case 'survey':
      return p.wall ? m.transactions_desc_survey({ wall: p.wall }) : item.description;
    case 'reversal':
      if (p.reverses === 'referral') return m.transactions_desc_referral_reversed();
      if (!p.wall) return item.description;
      return p.reverses === 'survey'
        ? m.transactions_desc_survey_reversed({ wall: p.wall })
        : m.transactions_desc_reversed({ wall: p.wall });
    case 'social':
      if (!p.platform) return item.description;
      return p.joined
        ? m.transactions_desc_social_joined({ platform: p.platform })
        : m.transactions_desc_social({ platform: p.platform });
    case 'daily':
      if (p.day === undefined) return item.description;
      return p.surprise
        ? m.transactions_desc_daily_surprise({ day: String(p.day) })
        : m.transactions_desc_daily({ day: String(p.day) });
    case 'promo':
      return p.code ? m.transactions_desc_promo({ code: p.code }) : item.description;
    case 'referral':
      return p.friend ? m.transactions_desc_referral({ friend: p.friend }) : item.description;
    case 'giveaway':
      return p.giveaway ? m.transactions_desc_giveaway({ title: p.giveaway }) : item.description;
    case 'level':
      return p.level === undefined ? item.description : m.transactions_desc_level({ level: String(p.level) });
    case 'race':
      return p.race && p.rank !== undefined
        ? m.races_desc_prize({ race: p.race, rank: String(p.rank) })
        : item.description;
    case 'admin':
      return p.reason ? m.transactions_desc_admin_reason({ reason: p.reason }) : m.transactions_desc_admin();
    case 'withdrawal':
      return m.transactions_desc_withdrawal();
    case 'withdrawal_refund':
      return m.transactions_desc_withdrawal_refund();
    case 'forfeit':
      return m.transactions_desc_forfeit();
  }
}
