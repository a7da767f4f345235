import type { Db } from '../../db/database.ts';
import { keptSignals, type SignalHashes } from '../signals/index.ts';
import { sessionSignalHashes } from './repository.ts';
import { hashToken } from './tokens.ts';

/** The device and address the player's session was opened from, when it kept them (a typed name). */
export async function signalsOfSession(db: Db, token: string): Promise<SignalHashes | null> {
  const row = await sessionSignalHashes(db, hashToken(token));
  return keptSignals(row?.device_hash ?? null, row?.address_hash ?? null);
}
