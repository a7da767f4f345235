import type { Db } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import { robloxIdHasher } from '../../signals/index.ts';
import * as repo from './repository.ts';

/*
 * CPX Research signs a postback's transaction id with the function its survey frame signs the
 * player's id with, so every Roblox id that has or had an account is a signature the site handed
 * out. A deleted account's Roblox id leaves `users`; it is kept only as a keyed hash (the signal
 * key of modules/signals), which names nobody without the key.
 */

/**
 * Keeps the Roblox id of an account being deleted, with the account, in the deletion's transaction:
 * the Roblox account signing up again gets it back (auth's `openAccount`).
 */
export async function retireRobloxId(trx: Db, idHash: string, userId: number): Promise<void> {
  await repo.insertRetiredRobloxId(trx, idHash, userId);
}

/** Whether a number is the Roblox id of an account, or of one since deleted: a value the frame signed. */
export async function signedForAPlayer(deps: Deps, robloxId: number): Promise<boolean> {
  if (await repo.findUserForPostback(deps.db, robloxId)) return true;
  const hash = (await robloxIdHasher(deps))(robloxId);
  return repo.isRetiredRobloxId(deps.db, hash);
}
