import { z } from 'zod';

/** Kinds whose credits count as lifetime earnings (leaderboard, referral threshold). */
export const earningKinds = [
  'offer',
  'survey',
  'social',
  'daily',
  'promo',
  'referral',
  'giveaway',
  'level',
  'race',
] as const;
/** Kinds that are not earnings: staff grants, withdrawals and refunds, reversals, a deleted account's balance. */
const otherKinds = ['admin', 'withdrawal', 'withdrawal_refund', 'reversal', 'forfeit'] as const;
/** Every kind of ledger entry: what moved a balance. */
export const ledgerKinds = [...earningKinds, ...otherKinds] as const;
export const ledgerKind = z.enum(ledgerKinds);
export type LedgerKind = z.infer<typeof ledgerKind>;

/**
 * What an entry is about, as data: the names its description is made of. The server writes them
 * with the entry; the web words them in the player's language; nobody reads them back out of prose.
 */
export const entryParams = z.strictObject({
  /** offer, survey, and their reversal: the wall's name (e.g. `Lootably`). */
  wall: z.string().optional(),
  /** reversal: what it takes back. */
  reverses: z.enum(['offer', 'survey', 'referral']).optional(),
  /** social: the platform's name (e.g. `YouTube`), and whether it was joining a server, not following. */
  platform: z.string().optional(),
  joined: z.boolean().optional(),
  /** daily: the streak's day, and whether it was the last day's surprise prize. */
  day: z.number().int().optional(),
  surprise: z.boolean().optional(),
  /** promo: the code as the player typed it. */
  code: z.string().optional(),
  /** referral: the referred friend's username. */
  friend: z.string().optional(),
  /** giveaway: its title. */
  giveaway: z.string().optional(),
  /** level: the level whose one-time reward it is. */
  level: z.number().int().optional(),
  /** race: its name and the rank its prize is for. */
  race: z.string().optional(),
  rank: z.number().int().optional(),
  /** admin: the reason staff gave, if any. */
  reason: z.string().optional(),
});
export type EntryParams = z.infer<typeof entryParams>;

/** What every view of an entry carries: its id, its kind and parameters, and its English description. */
export const entryShown = z.object({
  id: z.number(),
  kind: ledgerKind,
  /** What the entry is about (the web words it in each language); null on an old entry of no known shape. */
  params: entryParams.nullable(),
  /** In English, as the spec words it. */
  description: z.string(),
});

/** The parameters each kind carries (the posting's type checks them). */
export interface EntryParamsByKind {
  offer: { wall: string };
  survey: { wall: string };
  reversal: { reverses: 'offer' | 'survey'; wall: string } | { reverses: 'referral' };
  social: { platform: string; joined?: boolean };
  daily: { day: number; surprise?: boolean };
  promo: { code: string };
  referral: { friend: string };
  giveaway: { giveaway: string };
  level: { level: number };
  race: { race: string; rank: number };
  admin: { reason?: string };
  withdrawal: Record<string, never>;
  withdrawal_refund: Record<string, never>;
  /** The balance an account gave up when it was deleted. */
  forfeit: Record<string, never>;
}

/** An entry's kind with its parameters: one of the closed list above. */
export type EntrySubject = { [K in LedgerKind]: { kind: K; params: EntryParamsByKind[K] } }[LedgerKind];

/**
 * An entry's description in English, as the spec words it (the API's `description`, which the spec's
 * client shows). The web words the same kind and parameters in each language itself.
 */
export function describeEntry(kind: LedgerKind, p: EntryParams): string {
  switch (kind) {
    case 'offer':
    case 'survey':
      return `${p.wall} ${kind}`;
    case 'reversal':
      return p.reverses === 'referral' ? 'Referral bonus reversed' : `${p.wall} ${p.reverses} reversed`;
    case 'social':
      return p.joined ? `Joined our ${p.platform} server` : `Followed us on ${p.platform}`;
    case 'daily':
      return p.surprise ? `Daily streak day ${p.day} surprise prize` : `Daily streak day ${p.day}`;
    case 'promo':
      return `Promo code ${p.code}`;
    case 'referral':
      return `Referral bonus from ${p.friend}`;
    case 'giveaway':
      return `Giveaway won: ${p.giveaway}`;
    case 'level':
      return `Level ${p.level} reward`;
    case 'race':
      return `Race prize: ${p.race}, rank ${p.rank}`;
    case 'admin':
      return p.reason ? `Admin grant: ${p.reason}` : 'Admin grant';
    case 'withdrawal':
      return 'Withdraw For Robux';
    case 'withdrawal_refund':
      return 'Withdrawal refunded';
    case 'forfeit':
      return 'Balance forfeited: account deleted';
  }
}
