import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from './support/test-database.ts';
import { bearer, createTestApp, type TestApp } from './support/test-app.ts';
import { openTestApp, t } from './support/suite.ts';
import { configureWall, wallsOf } from './support/walls.ts';
import { adminCookie } from './support/admin.ts';
import { md5 } from './support/postbacks.ts';

const CPX_SECRET = 'test-cpx-secret';
const WALL_SECRET = 'lootably-wall-secret-0f9e8d';

let alice: string;

describe(`walls and the survey frame on ${testEngine}`, () => {
  openTestApp();
  beforeAll(async () => {
    alice = (await t.login('AliceRBX')).token;
  });

  it('the migrations insert the spec list, every wall but CPX inactive until the operator configures it', async () => {
    const rows = await t.deps.db.selectFrom('walls').selectAll().orderBy('sort').execute();
    expect(rows.map((w) => [w.slug, w.kind, w.active])).toEqual([
      ['lootably', 'offerwall', 0],
      ['adgem', 'offerwall', 0],
      ['torox', 'offerwall', 0],
      ['adgate', 'offerwall', 0],
      ['notik', 'offerwall', 0],
      ['cpx', 'survey', 1],
      ['bitlabs', 'survey', 0],
    ]);
    // Each wall names its provider's scheme and frame; no provider id is filled in (Lootably's and
    // AdGem's placeholder is gone), and no wall accepts any address unless the operator says so.
    expect(rows.map((w) => w.postback_scheme)).toEqual([
      'lootably',
      'adgem',
      'torox',
      'adgate',
      'notik',
      'cpx',
      'bitlabs',
    ]);
    expect(rows.every((w) => w.iframe_template.startsWith('https://'))).toBe(true);
    expect(rows.every((w) => Object.values(JSON.parse(w.frame_params)).every((v) => v === ''))).toBe(true);
    expect(rows.every((w) => w.any_address === 0)).toBe(true);
    // No secret is seeded; CPX's comes from CPX_SECURE_HASH at run time.
    expect(rows.every((w) => w.secret === null)).toBe(true);
    expect(rows.find((w) => w.slug === 'cpx')).toMatchObject({ amount_mode: 'local' });
  });

  it('GET /api/walls needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/walls' });
    expect(res.statusCode).toBe(401);
    const frame = await t.app.inject({ method: 'GET', url: '/api/cpx/frame' });
    expect(frame.statusCode).toBe(401);
  });

  it('a fresh install lists only the CPX wall (configured by its settings), with the player’s own frame', async () => {
    const body = await wallsOf(t.app, alice);
    expect(body.offerwalls).toEqual([]);
    expect(body.surveys.map((w: any) => w.slug)).toEqual(['cpx']);
    const [cpx] = body.surveys;
    expect(Object.keys(cpx).sort()).toEqual(['iframeSrc', 'logoUrl', 'name', 'slug']);
    expect(cpx.name).toBe('CPX Research');
    const url = new URL(cpx.iframeSrc);
    expect(url.origin + url.pathname).toBe('https://offers.cpx-research.com/index.php');
    expect(url.searchParams.get('app_id')).toBe('test-cpx-app');
    expect(url.searchParams.get('ext_user_id')).toBe('1001');
    expect(url.searchParams.get('secure_hash')).toBe(md5(`1001-${CPX_SECRET}`));
    expect(url.searchParams.get('username')).toBe('AliceRBX');
    expect(url.searchParams.get('email')).toBe('{email}');
  });

  it('an enabled wall opens only once it can credit: provider id, secret and addresses (or any address) set', async () => {
    // Enabled with nothing set: listed, Coming soon.
    await configureWall(t.deps.db, 'lootably', { active: 1 });
    const bare = await wallsOf(t.app, alice);
    expect(bare.offerwalls).toEqual([expect.objectContaining({ slug: 'lootably', iframeSrc: '' })]);

    // Each missing piece alone keeps it closed.
    const ready = {
      frame_params: JSON.stringify({ placementId: 'lp-889' }),
      secret: WALL_SECRET,
      allowed_ips: JSON.stringify(['203.0.113.7']),
    };
    const without = [
      { frame_params: JSON.stringify({ placementId: '' }) },
      { frame_params: JSON.stringify({ placementId: '   ' }) },
      { secret: null },
      { allowed_ips: '[]' },
      { iframe_template: '' },
    ];
    try {
      for (const gap of without) {
        await configureWall(t.deps.db, 'lootably', { ...ready, ...gap });
        const listed = (await wallsOf(t.app, alice)).offerwalls[0];
        expect(listed.iframeSrc, JSON.stringify(gap)).toBe('');
      }
      // With its addresses, or with none and the operator's choice of any address, it opens.
      await configureWall(t.deps.db, 'lootably', {
        ...ready,
        iframe_template: 'https://wall.lootably.com/?placementID={placementId}&sid={userId}',
      });
      expect((await wallsOf(t.app, alice)).offerwalls[0].iframeSrc).toBe(
        'https://wall.lootably.com/?placementID=lp-889&sid=1001',
      );
      await configureWall(t.deps.db, 'lootably', { allowed_ips: '[]', any_address: 1 });
      expect((await wallsOf(t.app, alice)).offerwalls[0].iframeSrc).toBe(
        'https://wall.lootably.com/?placementID=lp-889&sid=1001',
      );
    } finally {
      await configureWall(t.deps.db, 'lootably', {
        active: 0,
        secret: null,
        any_address: 0,
        allowed_ips: '[]',
        frame_params: JSON.stringify({ placementId: '' }),
        iframe_template: 'https://wall.lootably.com/?placementID={placementId}&sid={userId}',
      });
    }
  });

  it('GET /api/cpx/frame gives the same CPX URL, with the hash computed on the server', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cpx/frame', headers: bearer(alice) });
    expect(res.statusCode).toBe(200);
    const { src } = res.json();
    const listed = (await wallsOf(t.app, alice)).surveys[0].iframeSrc;
    expect(src).toBe(listed);
    expect(new URL(src).searchParams.get('secure_hash')).toBe(md5(`1001-${CPX_SECRET}`));
  });

  it('values are URL-encoded and each player gets their own id', async () => {
    const xss = (await t.login('XssTester')).token;
    await configureWall(t.deps.db, 'torox', {
      iframe_template: 'https://example.test/wall?u={userId}&n={username}',
      secret: WALL_SECRET,
      active: 1,
    });
    try {
      await t.deps.db
        .updateTable('users')
        .set({ username: 'A&b=c d' })
        .where('roblox_id', '=', 1005)
        .execute();
      const again = await wallsOf(t.app, xss);
      expect(again.offerwalls[0].iframeSrc).toBe('https://example.test/wall?u=1005&n=A%26b%3Dc%20d');
    } finally {
      await t.deps.db
        .updateTable('users')
        .set({ username: 'XssTester' })
        .where('roblox_id', '=', 1005)
        .execute();
      await configureWall(t.deps.db, 'torox', { iframe_template: '', secret: null, active: 0 });
    }
  });

  it('inactive walls are not listed; the order follows sort', async () => {
    for (const slug of ['lootably', 'adgem', 'torox', 'adgate'])
      await configureWall(t.deps.db, slug, { active: 1 });
    await configureWall(t.deps.db, 'adgem', { sort: 1 });
    try {
      const body = await wallsOf(t.app, alice);
      expect(body.offerwalls.map((w: any) => w.slug)).toEqual(['adgem', 'lootably', 'torox', 'adgate']);
    } finally {
      for (const slug of ['lootably', 'adgem', 'torox', 'adgate'])
        await configureWall(t.deps.db, slug, { active: 0 });
      await configureWall(t.deps.db, 'adgem', { sort: 20 });
    }
  });

  it('no secret ever reaches the browser: not the CPX secret, not a wall secret', async () => {
    // Lootably open (its frame shown), BitLabs enabled but still Coming soon.
    await configureWall(t.deps.db, 'lootably', {
      secret: WALL_SECRET,
      frame_params: JSON.stringify({ placementId: 'lp-889' }),
      any_address: 1,
      active: 1,
    });
    await configureWall(t.deps.db, 'bitlabs', { secret: 'cpx-wall-own-secret', active: 1 });
    try {
      for (const url of ['/api/walls', '/api/cpx/frame', '/api/referrals', '/api/offers/pending']) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(alice) });
        expect(res.statusCode).toBe(200);
        for (const secret of [CPX_SECRET, WALL_SECRET, 'cpx-wall-own-secret'])
          expect(res.body).not.toContain(secret);
        expect(res.body).not.toMatch(/"secret"/i);
      }
      const listed = (await wallsOf(t.app, alice)).offerwalls;
      expect(listed[0]).toMatchObject({ slug: 'lootably', iframeSrc: expect.stringContaining('lp-889') });
    } finally {
      await t.deps.db
        .updateTable('walls')
        .set({ secret: null, active: 0, any_address: 0 })
        .where('slug', 'in', ['lootably', 'bitlabs'])
        .execute();
    }
  });
});

describe(`walls without CPX configured on ${testEngine}`, () => {
  let u: TestApp;
  beforeAll(async () => {
    u = await createTestApp({ env: { CPX_SECURE_HASH: '', CPX_APP_ID: '12345' } });
  });
  afterAll(async () => {
    await u.close();
  });

  it('the CPX wall reads Coming soon and the /cpx frame is empty when CPX_SECURE_HASH is not set', async () => {
    const { token } = await u.login('BobBuilder');
    const res = await u.app.inject({ method: 'GET', url: '/api/walls', headers: bearer(token) });
    expect(res.json().surveys[0]).toMatchObject({ slug: 'cpx', iframeSrc: '' });
    const frame = await u.app.inject({ method: 'GET', url: '/api/cpx/frame', headers: bearer(token) });
    expect(frame.json()).toEqual({ src: '' });
    // With a wall secret set by the admin, the frame carries the configured app id.
    await configureWall(u.deps.db, 'cpx', { secret: 'admin-set-cpx' });
    const configured = await u.app.inject({ method: 'GET', url: '/api/cpx/frame', headers: bearer(token) });
    const url = new URL(configured.json().src);
    expect(url.searchParams.get('app_id')).toBe('12345');
    expect(url.searchParams.get('secure_hash')).toBe(md5('1002-admin-set-cpx'));
  });
});

describe(`the CPX wall without CPX_APP_ID on ${testEngine}`, () => {
  let u: TestApp;
  beforeAll(async () => {
    u = await createTestApp({ env: { CPX_APP_ID: '' } });
  });
  afterAll(async () => {
    await u.close();
  });

  it('reads Coming soon, its console row names the app id, and an empty console field keeps the setting', async () => {
    const { token } = await u.login('BobBuilder');
    const frame = async () =>
      (await u.app.inject({ method: 'GET', url: '/api/cpx/frame', headers: bearer(token) })).json().src;
    expect(await frame()).toBe('');
    const cookie = await adminCookie(u);
    const row = async () =>
      (await u.app.inject({ method: 'GET', url: '/api/admin/walls', headers: { cookie } }))
        .json()
        .walls.find((w: { slug: string }) => w.slug === 'cpx');
    expect((await row()).missing).toEqual([{ what: 'providerId', name: 'appId' }]);
    // The console's app id opens it; cleared again, it reads Coming soon again.
    await configureWall(u.deps.db, 'cpx', { frame_params: JSON.stringify({ appId: '777' }) });
    expect(new URL(await frame()).searchParams.get('app_id')).toBe('777');
    await configureWall(u.deps.db, 'cpx', { frame_params: JSON.stringify({ appId: ' ' }) });
    expect(await frame()).toBe('');
  });
});
