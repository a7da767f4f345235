import type { Site } from './site.ts';

/** The site's OAuth client as registered at the Roblox stand-in. */
export const OAUTH_CLIENT = { client_id: 'rewards-test-client', client_secret: 'rewards-test-secret' };
/** The site's public address in the Sign in with Roblox tests, and where Roblox sends the browser back. */
export const OAUTH_SITE = 'http://rewards.test';
export const OAUTH_CALLBACK = `${OAUTH_SITE}/api/auth/roblox/callback`;

/** Settings that turn on Sign in with Roblox against the stand-in at `standinUrl`. */
export const robloxSignInEnv = (standinUrl: string) => ({
  PUBLIC_URL: OAUTH_SITE,
  ROBLOX_OAUTH_CLIENT_ID: OAUTH_CLIENT.client_id,
  ROBLOX_OAUTH_CLIENT_SECRET: OAUTH_CLIENT.client_secret,
  ROBLOX_OAUTH_ISSUER: `${standinUrl}/oauth/`,
});

/** Registers the site's client at the stand-in, as the operator does at Roblox. */
export const registerOAuthClient = (site: Pick<Site, 'control'>) =>
  site.control('POST', '/oauth/client', { ...OAUTH_CLIENT, redirect_uris: [OAUTH_CALLBACK] });
