import type { Database } from '../../db/database.ts';
import type { WithdrawalState } from '../../db/tables/withdrawals.ts';
import { openWithdrawalStates } from '@rewards/contracts';
import { ledgerTotals } from '../ledger/index.ts';
import { withdrawalsByState } from '../withdrawals/index.ts';
import { payoutAccountStatus, pingDatabase } from './repository.ts';

/** A database that does not answer within this is reported down (a PostgreSQL pool may otherwise wait for minutes). */
export const DATABASE_PING_TIMEOUT_MS = 2_000;

/** 'ok' when the database answers `select 1` in time, 'down' otherwise; never throws. */
export async function databaseState(
  db: Database,
  timeoutMs = DATABASE_PING_TIMEOUT_MS,
): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), timeoutMs);
  });
  try {
    return await Promise.race([
      pingDatabase(db).then(
        () => 'ok' as const,
        () => 'down' as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface DatabaseFigures {
  up: boolean;
  /** The whole ledger by kind and sign: entries and hundredths of R$ (signed). */
  ledger: Array<{ kind: string; credit: boolean; count: number; cents: number }>;
  /** Withdrawals not yet paid or refunded, by state (every open state, 0 included). */
  withdrawals: Array<{ state: WithdrawalState; count: number }>;
  payoutsStopped?: boolean;
}

const DOWN: DatabaseFigures = { up: false, ledger: [], withdrawals: [] };

/**
 * The operator's figures from the database (GET /metrics): the ledger's running totals by kind and
 * sign, the withdrawals waiting by state, and whether payouts are stopped. A few rows each, whatever
 * the ledger's size: no statement here reads `ledger_entries`.
 */
export async function databaseFigures(db: Database): Promise<DatabaseFigures> {
  if ((await databaseState(db)) === 'down') return DOWN;
  try {
    const [ledger, waiting, payouts] = await Promise.all([
      ledgerTotals(db),
      withdrawalsByState(db, openWithdrawalStates),
      payoutAccountStatus(db),
    ]);
    const byState = new Map(waiting.map((w) => [w.state, w.count]));
    return {
      up: true,
      ledger,
      withdrawals: openWithdrawalStates.map((state) => ({ state, count: byState.get(state) ?? 0 })),
      payoutsStopped: payouts === 'needs_attention',
    };
  } catch {
    return DOWN;
  }
}
