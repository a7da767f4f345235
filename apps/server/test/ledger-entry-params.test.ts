import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeEntry, entryParams, type EntrySubject } from '@rewards/contracts';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest, migrationProvider } from '../src/db/migrate.ts';
import { insertRawUser } from './support/accounts.ts';
import { createEmptyDatabase, testEngine } from './support/test-database.ts';

/** Every shape of description the server wrote before entries carried their parameters. */
const OLD_ENTRIES: [EntrySubject['kind'], string, object | null][] = [
  ['offer', 'Lootably offer', { wall: 'Lootably' }],
  ['survey', 'CPX Research survey', { wall: 'CPX Research' }],
  ['reversal', 'Referral bonus reversed', { reverses: 'referral' }],
  ['reversal', 'AdGem offer reversed', { reverses: 'offer', wall: 'AdGem' }],
  ['reversal', 'BitLabs survey reversed', { reverses: 'survey', wall: 'BitLabs' }],
  ['social', 'Followed us on YouTube', { platform: 'YouTube' }],
  ['social', 'Joined our Discord server', { platform: 'Discord', joined: true }],
  ['daily', 'Daily streak day 3', { day: 3 }],
  ['daily', 'Daily streak day 7 surprise prize', { day: 7, surprise: true }],
  ['promo', 'Promo code SUMMER "25"', { code: 'SUMMER "25"' }],
  ['referral', 'Referral bonus from Zelda_Q', { friend: 'Zelda_Q' }],
  ['giveaway', 'Giveaway won: R$100 for 50% of you', { giveaway: 'R$100 for 50% of you' }],
  ['admin', 'Admin grant', {}],
  ['admin', 'Admin grant: sorry for the outage', { reason: 'sorry for the outage' }],
  ['withdrawal', 'Withdraw For Robux', {}],
  ['withdrawal_refund', 'Withdrawal refunded', {}],
  // A shape the server never wrote keeps no parameters: the web shows its description.
  ['offer', 'Seeded offer credit', null],
];

describe(`ledger entry parameters on ${testEngine}`, () => {
  it('migration 0025 reads the parameters out of every old description shape, once', async () => {
    const empty = await createEmptyDatabase();
    const db = createDatabase(empty.url);
    try {
      await new Migrator({ db, provider: migrationProvider }).migrateTo('0024_money_functions_dropped');
      await insertRawUser(db, 1);
      for (const [i, [kind, description]] of OLD_ENTRIES.entries()) {
        await db
          .insertInto('ledger_entries')
          .values({
            user_id: 1,
            amount: 100,
            kind,
            idempotency_key: `old:${i}`,
            description,
            created_at: '2026-01-01T00:00:00.000Z',
          } as never)
          .execute();
      }
      await migrateToLatest(db);
      const rows = await db
        .selectFrom('ledger_entries')
        .select(['description', 'params'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [r.description, r.params === null ? null : JSON.parse(r.params)])).toEqual(
        OLD_ENTRIES.map(([, description, params]) => [description, params]),
      );
      for (const [i, [kind, description, params]] of OLD_ENTRIES.entries()) {
        if (params === null) continue;
        // What was read out is valid, and words the entry exactly as it was stored.
        expect(entryParams.parse(params), rows[i]!.description).toEqual(params);
        expect(describeEntry(kind, params)).toBe(description);
      }

      // And back: `down()` removes the column, `up()` fills it again the same way.
      const migrator = new Migrator({ db, provider: migrationProvider });
      await migrator.migrateTo('0024_money_functions_dropped');
      await migrateToLatest(db);
      const again = await db.selectFrom('ledger_entries').select('params').orderBy('id').execute();
      expect(again.map((r) => r.params)).toEqual(rows.map((r) => r.params));
    } finally {
      await db.destroy();
      await empty.remove();
    }
  });

  it('words parameters in English as the spec does, and refuses unknown fields', () => {
    expect(describeEntry('withdrawal', {})).toBe('Withdraw For Robux');
    expect(describeEntry('daily', { day: 7, surprise: true })).toBe('Daily streak day 7 surprise prize');
    // A stored object with an unknown field is not a parameter set of ours.
    expect(entryParams.safeParse({ wall: 'x', description: 'Lootably offer' }).success).toBe(false);
  });
});
