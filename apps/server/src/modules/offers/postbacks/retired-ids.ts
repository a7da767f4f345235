import type { Db } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import { hashSignal, signalKey } from '../../signals/index.ts';
import * as repo from './repository.ts';

/*
 * CPX Research signs a postback's transaction id with the function its survey frame signs the
 * player's id with, so every Roblox id that has or had an account is a signature the site handed
 * out. A deleted account's Roblox id leaves `users`; it is kept only as a keyed hash (the signal
 * key of modules/signals), which names nobody without the key.
 */

/**
 * Hashes Roblox ids as they are kept once their account is deleted. Made before the transaction
 * that uses it: the first call in a process may read or store the key, and on SQLite a statement
 * outside an open transaction waits for it.
 */
export async function robloxIdHasher(deps: Deps): Promise<(robloxId: number) => string> {
  const key = await signalKey(deps);
  return (robloxId) => hashSignal(key, 'roblox_id', String(robloxId));
}

/** Keeps the Roblox id of an account being deleted, in the deletion's transaction. */
export async function retireRobloxId(trx: Db, idHash: string): Promise<void> {
  await repo.insertRetiredRobloxId(trx, idHash);
}

/** Whether a number is the Roblox id of an account, or of one since deleted: a value the frame signed. */
export async function signedForAPlayer(deps: Deps, robloxId: number): Promise<boolean> {
  if (await repo.findUserForPostback(deps.db, robloxId)) return true;
  const hash = (await robloxIdHasher(deps))(robloxId);
  return repo.isRetiredRobloxId(deps.db, hash);
}
