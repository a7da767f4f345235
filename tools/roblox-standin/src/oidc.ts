import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerOidcControlRoutes } from './oidc-control.ts';
import { pickPlayerPage, refusalPage } from './oidc-page.ts';
import {
  ACCESS_TOKEN_TTL_S,
  freshOidcState,
  issueAccessToken,
  issueCode,
  pkceMatches,
  signIdToken,
  takeCode,
  type OidcClient,
  type OidcState,
} from './oidc-state.ts';
import type { StandinState, StandinUser } from './state.ts';

/**
 * apis.roblox.com/oauth: Roblox's OpenID Connect provider (authorization code with PKCE, `openid`
 * and `profile` scopes), with real RS256-signed id tokens. The authorize step is a page listing the
 * stand-in's users to pick a test player; `login_hint=<userId>` picks without a browser.
 */

type Query = Record<string, string | undefined>;

const issuerOf = (req: FastifyRequest) => `${req.protocol}://${req.host}/oauth/`;

function redirectWith(reply: FastifyReply, redirectUri: string, params: Record<string, string>) {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return reply.redirect(url.href, 302);
}

/** client_secret_basic (form-encoded id and secret in the header) or client_secret_post. */
function clientCredentials(req: FastifyRequest<{ Body: Query }>): { id?: string; secret?: string } {
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (basic) {
    const [id, secret] = Buffer.from(basic, 'base64').toString().split(':');
    return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') };
  }
  return { id: req.body?.client_id, secret: req.body?.client_secret };
}

function profileClaims(user: StandinUser, base: string) {
  return {
    sub: String(user.id),
    name: user.displayName,
    nickname: user.displayName,
    preferred_username: user.name,
    created_at: Math.floor(Date.parse(user.created ?? '2016-04-01T12:00:00.000Z') / 1000),
    profile: `https://www.roblox.com/users/${user.id}/profile`,
    picture: `${base}/avatar/${user.id}.png`,
  };
}

export async function registerOidcRoutes(app: FastifyInstance, standin: StandinState): Promise<void> {
  const oidc: OidcState = await freshOidcState();

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get('/oauth/.well-known/openid-configuration', async (req) => {
      const issuer = issuerOf(req);
      return {
        issuer,
        authorization_endpoint: `${issuer}v1/authorize`,
        token_endpoint: `${issuer}v1/token`,
        userinfo_endpoint: `${issuer}v1/userinfo`,
        jwks_uri: `${issuer}v1/certs`,
        scopes_supported: ['openid', 'profile'],
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        claims_supported: [
          'sub',
          'name',
          'nickname',
          'preferred_username',
          'created_at',
          'profile',
          'picture',
        ],
      };
    });

    scope.get<{ Querystring: Query }>('/oauth/v1/authorize', async (req, reply) => {
      const q = req.query;
      const client = q.client_id ? oidc.clients.get(q.client_id) : undefined;
      // A wrong client or redirect URI is shown, never redirected to (an open redirect otherwise).
      if (!client) return refusalPage(reply, 'Unknown client_id.');
      if (!q.redirect_uri || !client.redirectUris.includes(q.redirect_uri)) {
        return refusalPage(reply, 'redirect_uri is not registered for this client.');
      }
      const invalid = (description: string) =>
        redirectWith(reply, q.redirect_uri!, {
          error: 'invalid_request',
          error_description: description,
          ...(q.state ? { state: q.state } : {}),
        });
      if (q.response_type !== 'code') return invalid('response_type must be code');
      const scopes = (q.scope ?? '').split(' ');
      if (!scopes.includes('openid')) return invalid('scope must include openid');
      if (!q.code_challenge || q.code_challenge_method !== 'S256')
        return invalid('PKCE with S256 is required');
      if (!q.state) return invalid('state is required');
      if (!q.nonce) return invalid('nonce is required');

      const hinted = q.login_hint ? standin.users.get(Number(q.login_hint)) : undefined;
      if (!hinted) {
        const users = [...standin.users.values()].filter((u) => !u.isBanned);
        return pickPlayerPage(reply, users, q);
      }
      const code = issueCode(oidc, {
        clientId: client.clientId,
        redirectUri: q.redirect_uri,
        userId: hinted.id,
        scope: scopes.filter((s) => s === 'openid' || s === 'profile').join(' '),
        nonce: q.nonce,
        codeChallenge: q.code_challenge,
      });
      return redirectWith(reply, q.redirect_uri, { code, state: q.state });
    });

    scope.post<{ Body: Query }>('/oauth/v1/token', async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const creds = clientCredentials(req);
      const client: OidcClient | undefined = creds.id ? oidc.clients.get(creds.id) : undefined;
      if (!client || client.clientSecret !== creds.secret) {
        return reply
          .code(401)
          .send({ error: 'invalid_client', error_description: 'Client authentication failed' });
      }
      const body = req.body ?? {};
      const grant = (description: string) =>
        reply.code(400).send({ error: 'invalid_grant', error_description: description });
      if (body.grant_type !== 'authorization_code') {
        return reply.code(400).send({ error: 'unsupported_grant_type' });
      }
      const code = body.code ? takeCode(oidc, body.code) : null;
      if (!code || code.clientId !== client.clientId) return grant('The code is invalid, expired or used');
      if (body.redirect_uri !== code.redirectUri) return grant('redirect_uri does not match');
      if (!body.code_verifier || !pkceMatches(body.code_verifier, code.codeChallenge)) {
        return grant('code_verifier does not match');
      }
      const user = standin.users.get(code.userId);
      if (!user) return grant('The user is gone');
      const idToken = await signIdToken(oidc, {
        issuer: issuerOf(req),
        audience: client.clientId,
        subject: String(user.id),
        nonce: code.nonce,
        name: user.displayName,
        username: user.name,
      });
      return {
        access_token: issueAccessToken(oidc, user.id, code.scope),
        id_token: idToken,
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_TTL_S,
        scope: code.scope,
      };
    });

    scope.get('/oauth/v1/userinfo', async (req, reply) => {
      const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const token = bearer ? oidc.accessTokens.get(bearer) : undefined;
      const user = token && token.expiresAt > Date.now() ? standin.users.get(token.userId) : undefined;
      if (!user) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer error="invalid_token"')
          .send({ error: 'invalid_token' });
      }
      return profileClaims(user, `${req.protocol}://${req.host}`);
    });

    scope.get('/oauth/v1/certs', async () => ({ keys: [oidc.key.jwk] }));

    registerOidcControlRoutes(scope, oidc);
  });
}
