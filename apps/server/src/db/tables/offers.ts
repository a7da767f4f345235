import type { ColumnType, Generated } from 'kysely';
import type { AmountMode, PostbackScheme, PostbackVerdict, WallKind } from '@rewards/contracts';
import { columnsOf } from '../columns.ts';

/** An offerwall or survey wall (migration 0003_offers inserts the spec's list; the admin console edits them). */
export interface WallsTable {
  id: Generated<number>;
  /** Short, unique; names the postback URL `/api/postback/<slug>`. */
  slug: string;
  name: string;
  logo_url: string;
  kind: WallKind;
  /**
   * The frame URL with placeholders: `{userId}` (numeric Roblox id), and for CPX `{appId}`,
   * `{secureHash}`, `{username}`. Empty: the card reads "Coming soon".
   */
  iframe_template: string;
  postback_scheme: PostbackScheme;
  /** Never sent to the browser. The `cpx` scheme falls back to CPX_SECURE_HASH when null. */
  secret: string | null;
  amount_mode: AmountMode;
  /** R$ per USD: the conversion of `usd_rate`; in the other modes the most R$ a USD of payout may bring (0: unchecked). */
  rate: number;
  /** JSON array of addresses and CIDR ranges postbacks may come from; `[]`: none, unless `any_address`. */
  allowed_ips: Generated<string>;
  /** 1: the operator chose to accept postbacks from any address (the provider publishes none); migration 0028. */
  any_address: Generated<number>;
  /** Hundredths of R$: a postback asking more waits for an admin (`held`). */
  max_credit: Generated<number>;
  /** JSON object: values of the frame template's placeholders (the provider's ids). */
  frame_params: Generated<string>;
  /** The answer to a successful postback; '' = the scheme's own. */
  success_body: Generated<string>;
  active: Generated<number>;
  sort: Generated<number>;
}

export const WALL_COLUMNS = columnsOf<WallsTable>({
  id: true,
  slug: true,
  name: true,
  logo_url: true,
  kind: true,
  iframe_template: true,
  postback_scheme: true,
  secret: true,
  amount_mode: true,
  rate: true,
  allowed_ips: true,
  any_address: true,
  max_credit: true,
  frame_params: true,
  success_body: true,
  active: true,
  sort: true,
});

/** Every postback received, accepted or refused, with its raw parameters (the admin console lists and replays them). */
export interface PostbacksTable {
  id: Generated<number>;
  wall_slug: string;
  trans_id: string | null;
  /** Our account id, when the provider's user parameter matched one. */
  user_id: number | null;
  /** 'credit' | 'reversal' | null when unreadable. */
  action: string | null;
  /** The parameters (query and body merged) as JSON. */
  params: string;
  /** The signature header, if any (`x-signature`, `x-ayetstudios-security-hash`; kept for replays). */
  signature: string | null;
  /** The URL as it arrived, with the site's public origin (the text URL-signing providers sign); at most 2 KB. */
  raw_url: string | null;
  ip: string | null;
  verdict: PostbackVerdict;
  /** Hundredths of R$ the postback asked to credit, once read. */
  amount: number | null;
  /** Why it was held, ignored or refused, in words. */
  reason: string | null;
  ledger_entry_id: number | null;
  created_at: string;
  /** The USD payout the provider reported, in millionths (migration 0030); null when it sent none. */
  usd_micros: ColumnType<number | string | null, number | null | undefined, number | null>;
}

/**
 * One row per (wall, provider transaction): the guard that serialises a transaction's credit, its
 * hold and its reversal, in whatever order they arrive.
 * - `held`: credit recorded, waits until `release_at`;
 * - `credited`: posted to the ledger (`credit_entry_id`);
 * - `reversed`: taken back, hold cancelled, or reversal arrived first (`amount` null: no credit seen yet).
 */
export interface OfferTransactionsTable {
  id: Generated<number>;
  wall_slug: string;
  trans_id: string;
  user_id: number;
  kind: 'offer' | 'survey';
  /** Hundredths of R$; null for a reversal that arrived before its credit. */
  amount: number | null;
  description: string;
  /** `forfeited`: held when its account was deleted, never to be paid. */
  state: 'held' | 'credited' | 'reversed' | 'forfeited';
  release_at: string | null;
  credit_entry_id: number | null;
  reversal_entry_id: number | null;
  created_at: string;
  updated_at: string;
}

export const OFFER_TRANSACTION_COLUMNS = columnsOf<OfferTransactionsTable>({
  id: true,
  wall_slug: true,
  trans_id: true,
  user_id: true,
  kind: true,
  amount: true,
  description: true,
  state: true,
  release_at: true,
  credit_entry_id: true,
  reversal_entry_id: true,
  created_at: true,
  updated_at: true,
});

/**
 * The Roblox ids of deleted accounts, as keyed hashes (migration 0022): still refused as CPX
 * transaction ids, since the survey frame signed them (modules/offers/postbacks).
 */
export interface RetiredRobloxIdsTable {
  /** HMAC-SHA256 of `roblox_id:<id>` with the signal key (modules/signals `hashSignal`). */
  id_hash: string;
  /** The deleted account it had (migration 0039); null for ids retired before. */
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * A reversal of a provider transaction that counted (migration 0033): append-only, read by id, so a
 * race board learns of reversals as it learns of new transactions (modules/races/board.ts).
 */
export interface OfferReversalsTable {
  id: Generated<number>;
  transaction_id: number;
  user_id: number;
  created_at: string;
}

/** Tables of walls, postbacks and provider transactions (migration 0003_offers). */
export interface OffersTables {
  walls: WallsTable;
  postbacks: PostbacksTable;
  offer_transactions: OfferTransactionsTable;
  offer_reversals: OfferReversalsTable;
  retired_roblox_ids: RetiredRobloxIdsTable;
}
