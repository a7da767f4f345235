import type { PostbackVerdict } from '@rewards/contracts';
import type { Deps } from '../../../deps.ts';
import * as repo from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 5_000;

/**
 * Verdicts of postbacks that moved no money and wait for nobody: these go once POSTBACK_LOG_DAYS
 * have passed. Kept: credits and reversals (and their holds), held postbacks and the admin's
 * approvals, whatever their age.
 */
export const EXPIRING_VERDICTS: readonly PostbackVerdict[] = [
  'duplicate',
  'already_reversed',
  'ignored',
  'rejected',
  'bad_signature',
  'forged',
  'forbidden_address',
  'no_secret',
  'unknown_wall',
  'unknown_user',
  'banned',
  'invalid',
];

/** Removes the postback log's rows past retention, in batches. Returns how many went. */
export async function prunePostbackLog(deps: Deps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - deps.env.POSTBACK_LOG_DAYS * DAY_MS).toISOString();
  let total = 0;
  for (;;) {
    const n = await repo.deleteOldPostbacks(deps.db, before, EXPIRING_VERDICTS, BATCH);
    total += n;
    if (n < BATCH) return total;
  }
}
