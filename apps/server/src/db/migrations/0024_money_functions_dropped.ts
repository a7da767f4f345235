import type { Kysely } from 'kysely';
import { isPostgres } from '../database.ts';
import * as moneyFunctions from './0017_money_functions.ts';
import * as postbackBatches from './0019_postback_batches.ts';
import * as claimBatches from './0020_claim_batches.ts';

/**
 * The PL/pgSQL copies of the money rules (migrations 0017, 0019 and 0020) are dropped: every money
 * write runs the one TypeScript copy in a transaction, on both engines
 * (docs/decisions/0024-one-copy-of-each-money-rule.md). Their own `down()` steps drop them, so this
 * step and theirs name the same functions; `down()` here puts them back as they were.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await claimBatches.down(db);
  await postbackBatches.down(db);
  await moneyFunctions.down(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await moneyFunctions.up(db);
  await postbackBatches.up(db);
  await claimBatches.up(db);
}
