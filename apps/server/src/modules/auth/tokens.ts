import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random session token; only its hash is stored, so a database leak opens no account. */
export function newSessionToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
