import * as oidc from 'openid-client';
import { oauthIssuerMayBeHttp, type Env } from '../../env.ts';

/**
 * Roblox as an OpenID Connect provider, through openid-client: discovery from ROBLOX_OAUTH_ISSUER
 * (once per process, again after a failure), the authorize URL with PKCE, state and nonce, and the
 * code exchange, where the library checks state, PKCE, the id token's signature (against the
 * provider's JWKS), issuer, audience, expiry and nonce.
 */
export interface RobloxProvider {
  authorizeUrl(p: { redirectUri: string; state: string; nonce: string; codeVerifier: string }): Promise<URL>;
  /** The Roblox user id (`sub`) the provider vouches for; throws when anything does not check out. */
  exchange(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<{ robloxId: string }>;
}

export const ROBLOX_SCOPES = 'openid profile';
const TIMEOUT_S = 10;

/** Null when Sign in with Roblox is off (ROBLOX_OAUTH_CLIENT_ID and _SECRET unset). */
export function robloxProvider(env: Env): RobloxProvider | null {
  const clientId = env.ROBLOX_OAUTH_CLIENT_ID;
  const clientSecret = env.ROBLOX_OAUTH_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  const issuer = new URL(env.ROBLOX_OAUTH_ISSUER);

  let config: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    config ??= oidc
      .discovery(issuer, clientId, clientSecret, oidc.ClientSecretPost(clientSecret), {
        timeout: TIMEOUT_S,
        execute: [
          // The id token comes straight from the token endpoint, where TLS alone would vouch for it;
          // its signature is checked anyway, so a forged one is refused whatever the transport.
          oidc.enableNonRepudiationChecks,
          ...(oauthIssuerMayBeHttp(env.NODE_ENV, issuer) ? [oidc.allowInsecureRequests] : []),
        ],
      })
      .catch((err: unknown) => {
        config = undefined;
        throw err;
      });
    return config;
  };

  return {
    async authorizeUrl({ redirectUri, state, nonce, codeVerifier }) {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: ROBLOX_SCOPES,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
    },
    async exchange(callbackUrl, checks) {
      const tokens = await oidc.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider sent no id token');
      return { robloxId: claims.sub };
    },
  };
}

export const newFlowSecrets = () => ({
  state: oidc.randomState(),
  nonce: oidc.randomNonce(),
  codeVerifier: oidc.randomPKCECodeVerifier(),
});

/** Whether a failure is the provider not answering (try again later) rather than an answer refused. */
export function providerUnreachable(err: unknown): boolean {
  if (err instanceof TypeError) return true; // fetch failed: refused connection, DNS, reset
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return true;
  return err instanceof oidc.ClientError && err.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM'; // a 5xx
}
