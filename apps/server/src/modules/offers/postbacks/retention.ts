import { expiringVerdicts } from '@rewards/contracts';
import type { Deps } from '../../../deps.ts';
import * as repo from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 5_000;

/** Removes the postback log's rows past retention, in batches. Returns how many went. */
export async function prunePostbackLog(deps: Deps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - deps.env.POSTBACK_LOG_DAYS * DAY_MS).toISOString();
  let total = 0;
  for (;;) {
    const n = await repo.deleteOldPostbacks(deps.db, before, expiringVerdicts, BATCH);
    total += n;
    if (n < BATCH) return total;
  }
}
