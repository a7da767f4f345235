import { describe, expect, it } from 'vitest';
import { DEV_OPERATOR, loadEnv } from '../src/env.ts';
import { accountNamed } from './support/accounts.ts';
import { SITE_OPERATOR } from './support/server-env.ts';
import { runServerUntilExit } from './support/server-process.ts';
import { openTestApp, t } from './support/suite.ts';
import { bearer } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';
import { ledgerEntries } from './support/records.ts';

/*
 * The operator is named and reachable: production refuses to start without a name, an address, a
 * contact e-mail and a community link, or with a placeholder in one of them; the web reads them from
 * `GET /api/config`; a social is offered and paid only when its link is set.
 */

const production = {
  NODE_ENV: 'production',
  ADMIN_PASSWORD: 'operator-test-password',
  PUBLIC_URL: 'https://rbx.example',
  ...SITE_OPERATOR,
};

describe('the operator settings in production', () => {
  it('a placeholder community link stops the start, naming COMMUNITY_URL', async () => {
    const run = await runServerUntilExit({
      ...production,
      COMMUNITY_URL: 'https://discord.gg/rbxrewards-placeholder',
    });
    expect(run.code, run.output).not.toBe(0);
    expect(run.output).toContain(
      'COMMUNITY_URL: a placeholder ("https://discord.gg/rbxrewards-placeholder")',
    );
  }, 40_000);

  it('a missing operator name or contact e-mail stops the start, naming each', async () => {
    const run = await runServerUntilExit({ ...production, OPERATOR_NAME: '', CONTACT_EMAIL: '' });
    expect(run.code, run.output).not.toBe(0);
    expect(run.output).toContain('Missing required configuration: OPERATOR_NAME, CONTACT_EMAIL');
  }, 40_000);

  it('each of the four is required, and named when missing', () => {
    for (const k of ['OPERATOR_NAME', 'OPERATOR_ADDRESS', 'CONTACT_EMAIL', 'COMMUNITY_URL'] as const) {
      expect(() => loadEnv({ ...production, [k]: undefined })).toThrow(
        `Missing required configuration: ${k}`,
      );
    }
    expect(loadEnv(production).OPERATOR_NAME).toBe(SITE_OPERATOR.OPERATOR_NAME);
  });

  it('placeholders and the development values are refused, each named', () => {
    const refused: [string, string][] = [
      ['OPERATOR_NAME', DEV_OPERATOR.OPERATOR_NAME],
      ['OPERATOR_NAME', 'CHANGE-ME'],
      ['OPERATOR_ADDRESS', DEV_OPERATOR.OPERATOR_ADDRESS],
      ['OPERATOR_ADDRESS', 'your address here'],
      ['CONTACT_EMAIL', DEV_OPERATOR.CONTACT_EMAIL],
      ['CONTACT_EMAIL', 'support@example.com'],
      ['CONTACT_EMAIL', 'me@site.invalid'],
      ['COMMUNITY_URL', DEV_OPERATOR.COMMUNITY_URL],
      ['COMMUNITY_URL', 'https://example.org/invite'],
      ['SOCIAL_YOUTUBE_URL', 'https://www.youtube.com/@rbxrewards-placeholder'],
      ['SOCIAL_TIKTOK_URL', 'https://www.tiktok.com/@placeholder'],
      ['SOCIAL_X_URL', 'https://x.com/rbxrewards_placeholder'],
    ];
    for (const [k, value] of refused) {
      expect(() => loadEnv({ ...production, [k]: value }), `${k}=${value}`).toThrow(`${k}: a placeholder`);
    }
  });

  it('links open only http(s), and https in production; the e-mail must be one', () => {
    expect(() => loadEnv({ ...production, COMMUNITY_URL: 'http://chat.rbx.example/' })).toThrow(
      'COMMUNITY_URL: must be https',
    );
    expect(() => loadEnv({ ...production, SOCIAL_X_URL: 'http://micro.rbx.example/' })).toThrow(
      'SOCIAL_X_URL: must be https',
    );
    expect(() => loadEnv({ COMMUNITY_URL: 'javascript:alert(1)' })).toThrow(/COMMUNITY_URL/);
    expect(() => loadEnv({ SOCIAL_YOUTUBE_URL: 'data:text/html,hi' })).toThrow(/SOCIAL_YOUTUBE_URL/);
    expect(() => loadEnv({ CONTACT_EMAIL: 'not an address' })).toThrow(/CONTACT_EMAIL/);
  });

  it('outside production the defaults are plainly local, and no social but the community chat is set', () => {
    const env = loadEnv({});
    expect([env.OPERATOR_NAME, env.OPERATOR_ADDRESS, env.CONTACT_EMAIL, env.COMMUNITY_URL]).toEqual(
      Object.values(DEV_OPERATOR),
    );
    expect([env.SOCIAL_YOUTUBE_URL, env.SOCIAL_TIKTOK_URL, env.SOCIAL_X_URL]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe(`GET /api/config names the operator (${testEngine})`, () => {
  openTestApp();

  it('with the name, address, contact e-mail and community link, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().operator).toEqual({
      name: SITE_OPERATOR.OPERATOR_NAME,
      address: SITE_OPERATOR.OPERATOR_ADDRESS,
      email: SITE_OPERATOR.CONTACT_EMAIL,
      communityUrl: SITE_OPERATOR.COMMUNITY_URL,
    });
  });
});

describe(`a social without a link is neither offered nor paid (${testEngine})`, () => {
  // TikTok and X left unset: only YouTube and the community chat (Discord) are offered.
  openTestApp({ env: { SOCIAL_TIKTOK_URL: '', SOCIAL_X_URL: '' } });

  const claim = (token: string, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/socials/${id}/claim`, headers: bearer(token) });

  it('the list holds only the configured socials, with their links', async () => {
    const { token } = await t.login('AliceRBX');
    const res = await t.app.inject({ method: 'GET', url: '/api/socials', headers: bearer(token) });
    expect(res.json().socials.map((s: { id: string; url: string }) => [s.id, s.url])).toEqual([
      ['youtube', SITE_OPERATOR.SOCIAL_YOUTUBE_URL],
      ['discord', SITE_OPERATOR.COMMUNITY_URL],
    ]);
  });

  it('claiming an unset one straight at the API is 404 and credits nothing, however it is written', async () => {
    const { token } = await t.login('BobBuilder');
    const tries = await Promise.all(
      ['x', 'tiktok', 'X', 'TikTok', 'x ', 'x%00', 'tiktok?x=1', '..%2Fyoutube'].map((id) =>
        claim(token, id),
      ),
    );
    expect(tries.map((r) => r.statusCode).filter((s) => s !== 400 && s !== 404)).toEqual([]);
    const me = await accountNamed(t.deps.db, 'BobBuilder');
    expect(me.balance).toBe(0);
    const entries = await ledgerEntries(t.deps.db, { userId: me.id, kind: 'social' });
    expect(entries).toHaveLength(0);
    // A configured one still pays.
    expect((await claim(token, 'youtube')).statusCode).toBe(200);
    expect((await accountNamed(t.deps.db, 'BobBuilder')).balance).toBe(150);
  });
});
