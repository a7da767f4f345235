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

/** A 6-digit code for now, the step before or the step after (clock drift of ±30 s). */
export function validTotp(secretBase32: string, code: string, now: Date): boolean {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  return totpOf(secretBase32, '').validate({ token, timestamp: now.getTime(), window: 1 }) !== null;
}

export const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));
