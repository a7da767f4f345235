import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * The Roblox id a proof for a deleted account is checked in, kept on the proof sealed with the
 * proof's own token (AES-256-GCM): the database keeps only the token's hash, so what it holds does
 * not link the deleted account to its Roblox id; the token the player sends back opens it.
 */

const keyOf = (token: string) => createHash('sha256').update(`login-proof-roblox-id:${token}`).digest();

export function sealRobloxId(token: string, robloxId: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(token), iv);
  const body = Buffer.concat([cipher.update(String(robloxId), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function openRobloxId(token: string, sealed: string): number {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(token), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Number(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
}
