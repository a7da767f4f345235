import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// The payout cookie an admin stores from the console is kept sealed (AES-256-GCM) under a key derived
// from PAYOUT_SECRET_KEY, so a copy of the database alone does not hand out the payout account.

const VERSION = 'v1';

function keyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'robux-rewards', 'payout-cookie', 32));
}

export function sealCookie(secret: string, cookie: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const body = Buffer.concat([cipher.update(cookie, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The cookie, or null when it cannot be opened (another key, a damaged value). */
export function openCookie(secret: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
