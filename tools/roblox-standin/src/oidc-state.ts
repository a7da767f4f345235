import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/**
 * The stand-in's OpenID Connect provider: its one signing key (made at start), the registered
 * clients, and the codes and access tokens it handed out. Kept apart from `StandinState` so a
 * `/_control/reset` between tests keeps the registered client and the key the server has cached.
 */

export interface OidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  userId: number;
  scope: string;
  nonce: string;
  codeChallenge: string;
  expiresAt: number;
}

export interface OidcTamper {
  /** The next id token's signature is spoiled. */
  idToken: boolean;
  /** The next id token carries another nonce than the one asked for. */
  nonce: boolean;
}

export interface OidcState {
  clients: Map<string, OidcClient>;
  codes: Map<string, IssuedCode>;
  accessTokens: Map<string, { userId: number; scope: string; expiresAt: number }>;
  tamper: OidcTamper;
  key: { privateKey: CryptoKey; jwk: JWK };
}

const CODE_TTL_MS = 60_000;
export const ACCESS_TOKEN_TTL_S = 900;

export async function freshOidcState(): Promise<OidcState> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = {
    ...(await exportJWK(publicKey)),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };
  return {
    clients: new Map(),
    codes: new Map(),
    accessTokens: new Map(),
    tamper: { idToken: false, nonce: false },
    key: { privateKey, jwk },
  };
}

const randomToken = () => randomBytes(32).toString('base64url');

export function issueCode(state: OidcState, code: Omit<IssuedCode, 'expiresAt'>): string {
  const value = randomToken();
  state.codes.set(value, { ...code, expiresAt: Date.now() + CODE_TTL_MS });
  return value;
}

/** Takes a code once: a second use, or one past its minute, finds nothing. */
export function takeCode(state: OidcState, value: string): IssuedCode | null {
  const code = state.codes.get(value);
  state.codes.delete(value);
  return code && code.expiresAt > Date.now() ? code : null;
}

export function pkceMatches(verifier: string, challenge: string): boolean {
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}

export function issueAccessToken(state: OidcState, userId: number, scope: string): string {
  const value = randomToken();
  state.accessTokens.set(value, { userId, scope, expiresAt: Date.now() + ACCESS_TOKEN_TTL_S * 1000 });
  return value;
}

export async function signIdToken(
  state: OidcState,
  claims: {
    issuer: string;
    audience: string;
    subject: string;
    nonce: string;
    name: string;
    username: string;
  },
): Promise<string> {
  const tamper = state.tamper;
  state.tamper = { idToken: false, nonce: false };
  const token = await new SignJWT({
    nonce: tamper.nonce ? `${claims.nonce}-not` : claims.nonce,
    name: claims.name,
    nickname: claims.name,
    preferred_username: claims.username,
  })
    .setProtectedHeader({ alg: 'RS256', kid: state.key.jwk.kid!, typ: 'JWT' })
    .setIssuer(claims.issuer)
    .setAudience(claims.audience)
    .setSubject(claims.subject)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(state.key.privateKey);
  return tamper.idToken ? spoilSignature(token) : token;
}

/** Another well-formed signature: one character early in it changed (the last one may be padding bits). */
function spoilSignature(token: string): string {
  const at = token.lastIndexOf('.') + 10;
  return token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
}
