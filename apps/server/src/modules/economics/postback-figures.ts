import type { Db } from '../../db/database.ts';
import * as repo from './repository.ts';

/** What the rollup needs of a recorded postback. */
export interface CountedPostback {
  wallSlug: string;
  transId: string | null;
  verdict: string;
  /** Hundredths of R$ the credit asked for. */
  amount: number | null;
  usdMicros: number | null;
  createdAt: string;
}

/**
 * Adds a recorded postback to its wall's figures, in the transaction that records it: a credit
 * (credited, or on hold) is a completion with its R$ and USD; a reversal that took back a counted
 * credit adds what that credit brought and the time since it. A reversal that came before its credit
 * took nothing (the credit is then refused), so neither is counted.
 */
export async function countPostback(db: Db, p: CountedPostback): Promise<void> {
  if (p.verdict === 'credited' || p.verdict === 'on_hold') {
    await countCompletion(db, p);
    return;
  }
  if (p.verdict !== 'reversed' || p.transId === null) return;
  const credit = await repo.findCreditedPostback(db, p.wallSlug, p.transId);
  if (!credit) return;
  await repo.addFigures(db, 'wall', p.wallSlug, p.createdAt, {
    reversals: 1,
    reversed_cents: Number(credit.amount ?? 0),
    reversed_usd_micros: Number(credit.usd_micros ?? 0),
    reversal_seconds: Math.max(
      0,
      Math.round((Date.parse(p.createdAt) - Date.parse(credit.created_at)) / 1000),
    ),
  });
}

/** A credit the provider reported (also a held postback an admin approved), at `createdAt`. */
export async function countCompletion(
  db: Db,
  p: Pick<CountedPostback, 'wallSlug' | 'amount' | 'usdMicros' | 'createdAt'>,
): Promise<void> {
  await repo.addCompletion(db, p.wallSlug, p.createdAt, p.amount ?? 0, p.usdMicros ?? 0);
}

/**
 * Robux paid out by `method` (a bought gamepass at its price, or a group payout), counted in the
 * write that marks the withdrawal paid.
 */
export async function countPayout(db: Db, method: string, robux: number, paidAt: string): Promise<void> {
  await repo.addFigures(db, 'payout', method, paidAt, { events: 1, cents: robux * 100 });
}
