import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** The name the authenticator app shows above the code. */
const ISSUER = 'Rewards admin';

function totpOf(secretBase32: string, username: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret, its otpauth:// URI and that URI as a QR code (PNG data URL). */
export async function newTotpEnrolment(username: string) {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUri = totpOf(secret, username).toString();
  const qrDataUrl = await QRCode.toDataURL(otpauthUri);
  return { secret, otpauthUri, qrDataUrl };
}

const PERIOD_MS = 30_000;

/**
 * The 30-second step a 6-digit code belongs to, when it is the code of now, the step before or the
 * step after (clock drift of ±30 s); null when it is none of them.
 */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secretBase32, '').validate({ token, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / PERIOD_MS) + delta;
}

export const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));
