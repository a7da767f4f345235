import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Deps } from '../../deps.ts';
import { signalKey } from '../signals/index.ts';

/** Argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum profile). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** An Argon2id hash of nothing anyone types: unknown names cost the same time as known ones. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    dummyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/**
 * The key that seals TOTP secrets at rest, derived from the site's signal key (SIGNAL_HASH_KEY, or the
 * random one kept in server_secrets), so no new setting is needed. Changing SIGNAL_HASH_KEY makes
 * enrolled secrets unreadable: those members re-enrol (the owner resets their password).
 */
async function sealKey(deps: Deps): Promise<Buffer> {
  return Buffer.from(hkdfSync('sha256', await signalKey(deps), Buffer.alloc(0), 'staff-totp-secret', 32));
}

/** AES-256-GCM: `v1.<iv>.<ciphertext>.<tag>`, base64url. */
export async function seal(deps: Deps, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await sealKey(deps), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, body, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export async function unseal(deps: Deps, sealed: string): Promise<string> {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || !body || !tag) throw new Error('Unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', await sealKey(deps), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export const RECOVERY_CODE_COUNT = 10;
/** No 0/O, 1/I/L: codes are typed from paper. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of 10 random characters (about 49 bits each), shown once as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * Random codes of ~49 bits need no slow hash: a stolen list cannot be reversed by guessing. Dashes,
 * spaces and case are ignored when a code is typed.
 */
export function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(`staff-recovery:${normal}`).digest('base64url');
}
