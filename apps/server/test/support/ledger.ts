import { randomUUID } from 'node:crypto';
import type { EntryParamsByKind, EntrySubject, LedgerKind } from '@rewards/contracts';
import { expect } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { checkInvariant, postAlone } from '../../src/modules/ledger/service.ts';
import type { Clock } from '../../src/shared/clock.ts';

/** Every balance equals the sum of its ledger entries. */
export async function expectInvariant(db: Database): Promise<void> {
  const { ok, mismatches, negativeBalances } = await checkInvariant(db);
  expect({ ok, mismatches, negativeBalances: negativeBalances.kept }).toEqual({
    ok: true,
    mismatches: [],
    negativeBalances: negativeBalances.read,
  });
}

/** Credits R$ straight into the ledger (an admin grant), for tests about what a balance is spent on. */
export async function creditRobux(db: Database, clock: Clock, userId: number, robux: number): Promise<void> {
  await postAlone(db, clock, {
    userId,
    amount: robux * 100,
    kind: 'admin',
    key: `test:${randomUUID()}`,
    params: {},
  });
}

/**
 * Posts one entry through the ledger (`postAlone`), as a feature would: `cents` (negative for a debit)
 * of `subject`'s kind, under a fresh key unless `opts.key` is given.
 */
export function postEntry(
  db: Database,
  clock: Clock,
  userId: number,
  cents: number,
  subject: EntrySubject,
  opts: { key?: string; allowNegative?: boolean } = {},
) {
  return postAlone(db, clock, {
    userId,
    amount: cents,
    ...subject,
    key: opts.key ?? `test:${subject.kind}:${randomUUID()}`,
    allowNegative: opts.allowNegative,
  });
}

/** A ledger kind with parameters of the right shape, for tests that post entries of any kind. */
export function testSubject(kind: LedgerKind): EntrySubject {
  const params: { [K in LedgerKind]: EntryParamsByKind[K] } = {
    offer: { wall: 'Test' },
    survey: { wall: 'Test' },
    reversal: { reverses: 'offer', wall: 'Test' },
    social: { platform: 'Test' },
    daily: { day: 1 },
    promo: { code: 'TEST' },
    referral: { friend: 'test' },
    giveaway: { giveaway: 'Test' },
    race: { race: 'Test', rank: 1 },
    level: { level: 2 },
    admin: {},
    withdrawal: {},
    withdrawal_refund: {},
    forfeit: {},
  };
  return { kind, params: params[kind] } as EntrySubject;
}
