import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerKind } from '../src/db/schema.ts';
import { ledgerCells, ROLLUP_STEP, type LedgerCell } from '../src/modules/ledger/rollup.ts';
import { siteDay } from '../src/shared/clock.ts';
import { insertUserOnce } from '../src/modules/users/repository.ts';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database.ts';

/**
 * The ledger rollup behind the admin overview must always equal the ledger summed
 * from scratch, however many entries arrive between two reads.
 */

let tdb: TestDatabase;
let userId: number;
let written = 0;

const ZONE = 'Europe/Brussels';
const KINDS: LedgerKind[] = ['offer', 'survey', 'daily', 'withdrawal', 'withdrawal_refund', 'admin'];

/**
 * `n` entries spread over three days, six kinds and both signs, inserted in bulk; some at 23:30 UTC,
 * which is the next day in Brussels.
 */
async function writeEntries(n: number): Promise<void> {
  const rows = Array.from({ length: n }, () => {
    const i = written++;
    const kind = KINDS[i % KINDS.length]!;
    return {
      user_id: userId,
      amount: (kind === 'withdrawal' || i % 7 === 0 ? -1 : 1) * (100 + (i % 13)),
      kind,
      idempotency_key: `rollup:${i}`,
      description: 'Rollup test',
      created_at: `2026-11-${String(20 + (i % 3)).padStart(2, '0')}T${i % 5 === 0 ? '23:30' : '12:00'}:00.000Z`,
    };
  });
  for (let i = 0; i < rows.length; i += 1_000) {
    await tdb.db
      .insertInto('ledger_entries')
      .values(rows.slice(i, i + 1_000))
      .execute();
  }
}

/** The same figures summed over the whole ledger, the slow way. */
async function fromScratch(): Promise<LedgerCell[]> {
  const rows = await tdb.db.selectFrom('ledger_entries').select(['created_at', 'kind', 'amount']).execute();
  const cells = new Map<string, LedgerCell>();
  for (const r of rows) {
    const day = siteDay(new Date(r.created_at), ZONE);
    const credit = Number(r.amount) > 0;
    const key = `${day}|${r.kind}|${credit}`;
    const cell = cells.get(key) ?? { day, kind: r.kind, credit, count: 0, cents: 0 };
    cell.count += 1;
    cell.cents += Number(r.amount);
    cells.set(key, cell);
  }
  return sorted([...cells.values()]);
}

const sorted = (cells: LedgerCell[]) =>
  [...cells].sort((a, b) => `${a.day}|${a.kind}|${a.credit}`.localeCompare(`${b.day}|${b.kind}|${b.credit}`));

describe(`ledger rollup on ${testEngine}`, () => {
  beforeAll(async () => {
    tdb = await createTestDatabase();
    const id = await insertUserOnce(tdb.db, {
      username: 'rollup',
      displayName: 'Rollup',
      robloxId: 777_001,
      verificationCode: 'x',
      referredBy: null,
      joinedAt: '2026-11-20T00:00:00.000Z',
    });
    userId = id!;
  });
  afterAll(async () => {
    await tdb.drop();
  });

  it('is empty for an empty ledger', async () => {
    expect(await ledgerCells(tdb.db, ZONE)).toEqual([]);
  });

  it('equals the ledger summed from scratch after every batch of new entries', async () => {
    for (const n of [1, 250, ROLLUP_STEP * 2 + 17, 3]) {
      await writeEntries(n);
      expect(sorted(await ledgerCells(tdb.db, ZONE))).toEqual(await fromScratch());
    }
    const cells = await ledgerCells(tdb.db, ZONE);
    expect(cells.reduce((sum, c) => sum + c.count, 0)).toBe(written);
    // Four Brussels days (23:30 UTC on the 22nd is the 23rd), six kinds, credits and debits: kept apart.
    expect(new Set(cells.map((c) => c.day))).toEqual(
      new Set(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']),
    );
    expect(cells.some((c) => c.credit) && cells.some((c) => !c.credit)).toBe(true);
  });

  it('counts each entry once when several callers read at the same time', async () => {
    await writeEntries(ROLLUP_STEP + 5);
    const [a, b, c] = await Promise.all([
      ledgerCells(tdb.db, ZONE),
      ledgerCells(tdb.db, ZONE),
      ledgerCells(tdb.db, ZONE),
    ]);
    const expected = await fromScratch();
    expect(sorted(a)).toEqual(expected);
    expect(sorted(b)).toEqual(expected);
    expect(sorted(c)).toEqual(expected);
  });

  it.skipIf(testEngine !== 'sqlite')(
    'lets other work run while it catches up with many new entries on SQLite',
    async () => {
      await writeEntries(ROLLUP_STEP * 3);
      let ranMeanwhile = 0;
      let done = false;
      // Work that arrives while the rollup reads (other requests, on a real server).
      const tick = () => {
        if (done) return;
        ranMeanwhile++;
        setImmediate(tick);
      };
      setImmediate(tick);
      const cells = await ledgerCells(tdb.db, ZONE);
      done = true;
      expect(ranMeanwhile).toBeGreaterThanOrEqual(2);
      expect(sorted(cells)).toEqual(await fromScratch());
    },
  );
});
