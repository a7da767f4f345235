import type { TransactionItem } from '@rewards/contracts';
import { m } from '@/paraglide/messages.js';
import { currentLocale } from './i18n';

/**
 * A ledger entry's description in the player's language. The server stores each entry's description
 * in English, as the spec words it (and English shows it unchanged); in Dutch and French the entry's
 * kind says what it was, and the names inside it (a wall, a code, a friend, a giveaway) are kept.
 * A description of a shape not known here is shown as stored.
 */
export function describeTransaction(item: Pick<TransactionItem, 'kind' | 'description'>): string {
  const d = item.description;
  if (currentLocale() === 'en') return d;
  const after = (prefix: string) => (d.startsWith(prefix) ? d.slice(prefix.length) : null);
  const before = (suffix: string) => (d.endsWith(suffix) ? d.slice(0, -suffix.length) : null);
  switch (item.kind) {
    case 'offer': {
      const wall = before(' offer');
      return wall ? m.transactions_desc_offer({ wall }) : d;
    }
    case 'survey': {
      const wall = before(' survey');
      return wall ? m.transactions_desc_survey({ wall }) : d;
    }
    case 'reversal': {
      if (d === 'Referral bonus reversed') return m.transactions_desc_referral_reversed();
      const wall = before(' offer reversed') ?? before(' survey reversed');
      return wall ? m.transactions_desc_reversed({ wall }) : d;
    }
    case 'social': {
      const platform = after('Followed us on ');
      return platform ? m.transactions_desc_social({ platform }) : d;
    }
    case 'daily': {
      if (d === 'Daily streak day 7 surprise prize') return m.transactions_desc_daily_surprise();
      const day = after('Daily streak day ');
      return day ? m.transactions_desc_daily({ day }) : d;
    }
    case 'promo': {
      const code = after('Promo code ');
      return code ? m.transactions_desc_promo({ code }) : d;
    }
    case 'referral': {
      const friend = after('Referral bonus from ');
      return friend ? m.transactions_desc_referral({ friend }) : d;
    }
    case 'giveaway': {
      const title = after('Giveaway won: ');
      return title ? m.transactions_desc_giveaway({ title }) : d;
    }
    case 'admin': {
      if (d === 'Admin grant') return m.transactions_desc_admin();
      const reason = after('Admin grant: ');
      return reason ? m.transactions_desc_admin_reason({ reason }) : d;
    }
    case 'withdrawal':
      return d === 'Withdraw For Robux' ? m.transactions_desc_withdrawal() : d;
    case 'withdrawal_refund':
      return d === 'Withdrawal refunded' ? m.transactions_desc_withdrawal_refund() : d;
    default:
      return d;
  }
}
