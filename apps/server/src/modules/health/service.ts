import type { Database } from '../../db/database.ts';
import type { WithdrawalState } from '../../db/tables/withdrawals.ts';
import { ledgerCells, type LedgerCell } from '../ledger/index.ts';
import { payoutAccountStatus, pingDatabase, withdrawalsByState } from './repository.ts';

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
  credits: Array<{ kind: string; count: number; cents: number }>;
  withdrawals: Array<{ state: WithdrawalState; count: number }>;
  payoutsStopped?: boolean;
}

/** Credit entries (positive amounts) by kind, from the ledger's day-by-day rollup. */
function creditsByKind(cells: LedgerCell[]): DatabaseFigures['credits'] {
  const byKind = new Map<string, { kind: string; count: number; cents: number }>();
  for (const c of cells) {
    if (!c.credit) continue;
    const k = byKind.get(c.kind) ?? { kind: c.kind, count: 0, cents: 0 };
    k.count += c.count;
    k.cents += c.cents;
    byKind.set(c.kind, k);
  }
  return [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}

/** The operator's figures from the database (GET /metrics): ledger credits by kind, withdrawals by state. */
export async function databaseFigures(db: Database): Promise<DatabaseFigures> {
  if ((await databaseState(db)) === 'down') return { up: false, credits: [], withdrawals: [] };
  try {
    const [cells, withdrawals, payouts] = await Promise.all([
      ledgerCells(db),
      withdrawalsByState(db),
      payoutAccountStatus(db),
    ]);
    return {
      up: true,
      credits: creditsByKind(cells),
      withdrawals,
      payoutsStopped: payouts === 'needs_attention',
    };
  } catch {
    return { up: false, credits: [], withdrawals: [] };
  }
}
