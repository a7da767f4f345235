import { beforeAll, describe, expect, it } from 'vitest';
import { adminCookie } from './support/admin.ts';
import { testEngine } from './support/test-database.ts';
import { bearer } from './support/test-app.ts';
import { expectInvariant } from './support/ledger.ts';
import { accountOf } from './support/accounts.ts';
import { expectHmacPostbackOk, hmacPostbackPath } from './support/postbacks.ts';
import { consoleCall, signedInStaff } from './support/staff.ts';
import { openTestApp, t } from './support/suite.ts';
import { addWalls, configureWall, wallsOf } from './support/walls.ts';
import { auditRows, ledgerEntriesWithKey } from './support/records.ts';

const SEEDED = ['lootably', 'adgem', 'torox', 'adgate', 'notik', 'cpx', 'bitlabs'];
const CPX_SECRET = 'test-cpx-secret'; // CPX_SECURE_HASH of the test app
const LOOTABLY_SECRET = 'lootably-secret-0a1b2c';
const GENERIC_SECRET = 'generic-secret-3c4d5e';
const ADGEM_SECRET = 'adgem-secret-9f8e7d';
const NEW_WALL_SECRET = 'surveyo-secret-5566';
const REPLAY_SECRET = 'replaywall-secret-1234';
const ALL_SECRETS = [
  CPX_SECRET,
  LOOTABLY_SECRET,
  GENERIC_SECRET,
  ADGEM_SECRET,
  NEW_WALL_SECRET,
  REPLAY_SECRET,
];

const validWall = {
  slug: 'surveyo',
  name: 'Surveyo',
  logoUrl: 'https://surveyo.example/logo.png',
  kind: 'survey',
  iframeTemplate: 'https://surveyo.example/wall?uid={userId}',
  postbackScheme: 'hmac',
  amountMode: 'usd_rate',
  rate: 120,
  // The generic scheme has no published addresses: the operator accepts any.
  anyAddress: true,
};

/** A bare offerwall on the generic scheme, open to any address, crediting what the postback names. */
const hmacWall = (slug: string, overrides: Record<string, unknown> = {}) => ({
  slug,
  name: slug,
  logoUrl: '',
  kind: 'offerwall',
  iframeTemplate: '',
  postbackScheme: 'hmac',
  amountMode: 'reward',
  rate: 0,
  anyAddress: true,
  ...overrides,
});

let cookie: string;
let playerToken: string;

async function playerWallSlugs() {
  const body = await wallsOf(t.app, playerToken);
  return [...body.offerwalls, ...body.surveys].map((w: { slug: string }) => w.slug);
}

function expectNoSecrets(text: string) {
  expect(text).not.toMatch(/"secret"/);
  for (const secret of ALL_SECRETS) expect(text).not.toContain(secret);
}

describe(`admin offers on ${testEngine}`, () => {
  openTestApp();
  beforeAll(async () => {
    cookie = await adminCookie(t);
    playerToken = (await t.login('AliceRBX')).token;
    await t.login('BobBuilder');
    await t.login('CarolPlays');
    // A wall on the generic scheme (a provider not listed), open to any address.
    await addWalls(t.deps.db, [
      {
        slug: 'genericwall',
        name: 'Generic',
        iframe_template: 'https://generic.example/wall?uid={userId}&placement={placementId}',
        frame_params: JSON.stringify({ placementId: 'p-1' }),
        secret: GENERIC_SECRET,
      },
    ]);
  });

  it('every endpoint answers 401 without the admin session, also for a player token or a bad body', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/admin/walls' },
      { method: 'POST' as const, url: '/api/admin/walls', payload: validWall },
      { method: 'POST' as const, url: '/api/admin/walls', payload: { slug: 'Bad Slug!' } },
      { method: 'PATCH' as const, url: '/api/admin/walls/lootably', payload: { active: false } },
      { method: 'PATCH' as const, url: '/api/admin/walls/lootably', payload: { secret: 'attacker-secret' } },
      { method: 'GET' as const, url: '/api/admin/postbacks' },
      { method: 'GET' as const, url: '/api/admin/postbacks?verdict=nonsense' },
      { method: 'POST' as const, url: '/api/admin/postbacks/1/replay' },
    ];
    for (const call of calls) {
      for (const headers of [{}, bearer(playerToken), { cookie: 'admin_session=forged' }]) {
        const res = await t.app.inject({ ...call, headers });
        expect(res.statusCode, `${call.method} ${call.url} ${JSON.stringify(headers)}`).toBe(401);
      }
    }
    const lootably = await t.deps.db
      .selectFrom('walls')
      .selectAll()
      .where('slug', '=', 'lootably')
      .executeTakeFirstOrThrow();
    expect(lootably).toMatchObject({ active: 0, secret: null });
    expect(await t.deps.db.selectFrom('walls').select('id').where('slug', '=', 'surveyo').execute()).toEqual(
      [],
    );
  });

  it('lists the 7 seeded walls in order, with hasSecret and never a secret', async () => {
    await configureWall(t.deps.db, 'lootably', { secret: LOOTABLY_SECRET });
    const res = await consoleCall(t, cookie, 'GET', '/api/admin/walls');
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res.body);
    const { walls } = res.json() as { walls: Record<string, unknown>[] };
    expect(walls.map((w) => w.slug)).toEqual([...SEEDED, 'genericwall']);
    for (const w of walls) {
      expect(Object.keys(w).sort()).toEqual(
        [
          'active',
          'allowedIps',
          'amountMode',
          'anyAddress',
          'frameParamNames',
          'frameParams',
          'hasSecret',
          'iframeTemplate',
          'id',
          'kind',
          'logoUrl',
          'maxCredit',
          'missing',
          'name',
          'postbackScheme',
          'postbackUrl',
          'rate',
          'slug',
          'sort',
          'successBody',
        ].sort(),
      );
    }
    expect(walls[0]).toEqual({
      id: expect.any(Number),
      slug: 'lootably',
      name: 'Lootably',
      logoUrl: 'https://lootably.com/favicon.png',
      kind: 'offerwall',
      iframeTemplate: 'https://wall.lootably.com/?placementID={placementId}&sid={userId}',
      postbackScheme: 'lootably',
      amountMode: 'local',
      rate: 100,
      allowedIps: [],
      anyAddress: false,
      maxCredit: 1000,
      frameParams: { placementId: '' },
      frameParamNames: ['placementId'],
      successBody: '',
      active: false,
      sort: 10,
      hasSecret: true,
      // The secret is set; the provider's id and the addresses its postbacks come from are not.
      missing: [{ what: 'providerId', name: 'placementId' }, { what: 'allowedIps' }],
      postbackUrl:
        'http://localhost:80/api/postback/lootably?userID={userID}&transactionID={transactionID}&ip={ip}&offerName={offerName}&offerID={offerID}&revenue={revenue}&currencyReward={currencyReward}&status={status}&hash={hash}',
    });
    const bySlug = Object.fromEntries(walls.map((w) => [w.slug, w]));
    expect(bySlug.adgem).toMatchObject({
      hasSecret: false,
      postbackScheme: 'adgem',
      allowedIps: [],
      missing: [{ what: 'providerId', name: 'appId' }, { what: 'postbackSecret' }, { what: 'allowedIps' }],
    });
    expect(bySlug.torox).toMatchObject({
      allowedIps: ['54.175.173.245'],
      frameParams: { pubId: '', appId: '' },
      missing: [
        { what: 'providerId', name: 'pubId' },
        { what: 'providerId', name: 'appId' },
        { what: 'postbackSecret' },
      ],
    });
    // CPX Research verifies with CPX_SECURE_HASH and opens with CPX_APP_ID: ready, and no secret shown.
    expect(bySlug.cpx).toMatchObject({ kind: 'survey', postbackScheme: 'cpx', hasSecret: true, missing: [] });
  });

  it('creates a wall (201, no secret in the answer) that players then see; a taken slug → 409', async () => {
    const res = await consoleCall(t, cookie, 'POST', '/api/admin/walls', {
      ...validWall,
      secret: NEW_WALL_SECRET,
    });
    expect(res.statusCode).toBe(201);
    expectNoSecrets(res.body);
    expect(res.json()).toEqual({
      ...validWall,
      id: expect.any(Number),
      active: true,
      sort: 110, // after the seeded walls (10..70) and the generic one (100)
      hasSecret: true,
      allowedIps: [], // the generic scheme has no published addresses
      maxCredit: 1000,
      frameParams: {},
      frameParamNames: [],
      missing: [],
      successBody: '',
      postbackUrl:
        'http://localhost:80/api/postback/surveyo?trans_id={transaction_id}&user_id={user_id}&amount={amount}&amount_usd={payout_usd}&status={status}',
    });
    const stored = await t.deps.db
      .selectFrom('walls')
      .selectAll()
      .where('slug', '=', 'surveyo')
      .executeTakeFirstOrThrow();
    expect(stored.secret).toBe(NEW_WALL_SECRET);

    const list = await consoleCall(t, cookie, 'GET', '/api/admin/walls');
    expect(list.json().walls.map((w: { slug: string }) => w.slug)).toEqual([
      ...SEEDED,
      'genericwall',
      'surveyo',
    ]);
    expect(await playerWallSlugs()).toContain('surveyo');
    const walls = await t.app.inject({ method: 'GET', url: '/api/walls', headers: bearer(playerToken) });
    expect(walls.json().surveys).toContainEqual({
      slug: 'surveyo',
      name: 'Surveyo',
      logoUrl: 'https://surveyo.example/logo.png',
      iframeSrc: 'https://surveyo.example/wall?uid=1001',
    });

    const dup = await consoleCall(t, cookie, 'POST', '/api/admin/walls', { ...validWall, name: 'Another' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'CONFLICT' });
    const seededDup = await consoleCall(t, cookie, 'POST', '/api/admin/walls', { ...validWall, slug: 'cpx' });
    expect(seededDup.statusCode).toBe(409);

    // Two creations of one new slug at once: one wins, the other is told it is taken.
    const race = await Promise.all(
      [1, 2].map((i) =>
        consoleCall(t, cookie, 'POST', '/api/admin/walls', {
          ...validWall,
          slug: 'racewall',
          name: `Race ${i}`,
        }),
      ),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(
      await t.deps.db.selectFrom('walls').select('id').where('slug', '=', 'racewall').execute(),
    ).toHaveLength(1);

    // Defaults: no secret, active, empty logo and template ("Coming soon"), no postback URL.
    const minimal = await consoleCall(t, cookie, 'POST', '/api/admin/walls', {
      slug: 'minimal-1',
      name: 'Minimal',
      kind: 'offerwall',
      postbackScheme: 'none',
      amountMode: 'local',
      rate: 0,
      logoUrl: '/walls/minimal.png',
    });
    expect(minimal.statusCode).toBe(201);
    expect(minimal.json()).toMatchObject({
      hasSecret: false,
      active: true,
      anyAddress: false,
      missing: [{ what: 'frame' }, { what: 'postbackSecret' }, { what: 'allowedIps' }],
      iframeTemplate: '',
      logoUrl: '/walls/minimal.png',
      postbackUrl: '',
    });
  });

  it('refuses invalid fields with 400 and creates nothing', async () => {
    const bad: Record<string, unknown>[] = [
      { slug: 'Bad Slug' },
      { slug: 'under_score' },
      { slug: '-leading' },
      { slug: '' },
      { slug: 'x'.repeat(41) },
      { slug: undefined },
      { name: '' },
      { name: '   ' },
      { name: undefined },
      { kind: 'banner' },
      { postbackScheme: 'md5' },
      { amountMode: 'usd' },
      { rate: -1 },
      { rate: '100' },
      { rate: undefined },
      { amountMode: 'usd_rate', rate: 0 },
      { iframeTemplate: 'http://surveyo.example/wall?uid={userId}' },
      { iframeTemplate: 'javascript:alert(1)' },
      { iframeTemplate: 'not a url' },
      { iframeTemplate: '/relative/frame' },
      { logoUrl: 'http://surveyo.example/logo.png' },
      { logoUrl: 'javascript:alert(1)' },
      { logoUrl: '//evil.example/logo.png' },
      { logoUrl: 'data:image/png;base64,AAAA' },
      { secret: 'short' },
      { active: 'yes' },
      { id: 99 },
      { hasSecret: true },
      { postbackUrl: 'https://x.example/' },
      { allowedIps: ['not-an-address'] },
      { allowedIps: ['10.0.0.0/33'] },
      { allowedIps: ['::1/129'] },
      { allowedIps: '1.2.3.4' },
      { maxCredit: 0 },
      { maxCredit: -5 },
      { frameParams: { 'bad name': 'x' } },
      { frameParams: { appId: 5 } },
      { successBody: 'x'.repeat(21) },
      { secret: 'same-as-frame', frameParams: { appId: 'same-as-frame' } },
    ];
    for (const change of bad) {
      const payload = { ...validWall, slug: 'invalid-wall', ...change };
      const res = await consoleCall(t, cookie, 'POST', '/api/admin/walls', payload);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', error: expect.any(String) });
    }
    const rows = await t.deps.db.selectFrom('walls').select('slug').execute();
    expect(rows.map((r) => r.slug)).not.toContain('invalid-wall');
  });

  it('patches a wall: disable hides it from players, enable brings it back; a secret sets hasSecret', async () => {
    expect(await playerWallSlugs()).not.toContain('adgem');
    const enabled = await consoleCall(t, cookie, 'PATCH', '/api/admin/walls/adgem', { active: true });
    expect(enabled.json()).toMatchObject({ active: true });
    expect(await playerWallSlugs()).toContain('adgem');
    const off = await consoleCall(t, cookie, 'PATCH', '/api/admin/walls/adgem', { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ slug: 'adgem', active: false, hasSecret: false });
    expect(await playerWallSlugs()).not.toContain('adgem');
    expect(
      (await consoleCall(t, cookie, 'GET', '/api/admin/walls'))
        .json()
        .walls.find((w: { slug: string }) => w.slug === 'adgem'),
    ).toMatchObject({ active: false });

    const on = await consoleCall(t, cookie, 'PATCH', '/api/admin/walls/adgem', { active: true });
    expect(on.json()).toMatchObject({ active: true });
    expect(await playerWallSlugs()).toContain('adgem');

    const secret = await consoleCall(t, cookie, 'PATCH', '/api/admin/walls/adgem', { secret: ADGEM_SECRET });
    expect(secret.statusCode).toBe(200);
    expectNoSecrets(secret.body);
    expect(secret.json()).toMatchObject({
      slug: 'adgem',
      hasSecret: true,
      name: 'AdGem',
      amountMode: 'local',
    });
    const row = await t.deps.db
      .selectFrom('walls')
      .selectAll()
      .where('slug', '=', 'adgem')
      .executeTakeFirstOrThrow();
    expect(row.secret).toBe(ADGEM_SECRET);

    // Enabled with its secret, AdGem still reads Coming soon: its app id and its addresses are missing.
    const adgemFrame = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/walls', headers: bearer(playerToken) });
      return res.json().offerwalls.find((w: { slug: string }) => w.slug === 'adgem').iframeSrc as string;
    };
    expect(secret.json().missing).toEqual([{ what: 'providerId', name: 'appId' }, { what: 'allowedIps' }]);
    expect(await adgemFrame()).toBe('');
    const ids = await consoleCall(t, cookie, 'PATCH', '/api/admin/walls/adgem', {
      frameParams: { appId: 'ag-2290' },
    });
    expect(ids.json().missing).toEqual([{ what: 'allowedIps' }]);
    expect(await adgemFrame()).toBe('');
    const any = await consoleCall(t, cookie, 'PATCH', '/api/admin/walls/adgem', { anyAddress: true });
    expect(any.json()).toMatchObject({ anyAddress: true, missing: [] });
    expect(await adgemFrame()).toBe('https://api.adgem.com/v1/wall?appid=ag-2290&playerid=1001');

    const edit = await consoleCall(t, cookie, 'PATCH', '/api/admin/walls/torox', {
      name: 'Torox Offers',
      iframeTemplate: 'https://torox.example/wall?uid={userId}',
      logoUrl: 'https://torox.example/logo.png',
      rate: 150.5,
      sort: 5,
      secret: 'torox-secret-1234',
      active: true,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      slug: 'torox',
      name: 'Torox Offers',
      iframeTemplate: 'https://torox.example/wall?uid={userId}',
      rate: 150.5,
      sort: 5,
      hasSecret: true,
      missing: [],
    });
    // sort 5 puts it first; its template (with no provider ids to fill), its secret and its
    // provider's published addresses turn "Coming soon" into a frame.
    const walls = await t.app.inject({ method: 'GET', url: '/api/walls', headers: bearer(playerToken) });
    expect(walls.json().offerwalls[0]).toEqual({
      slug: 'torox',
      name: 'Torox Offers',
      logoUrl: 'https://torox.example/logo.png',
      iframeSrc: 'https://torox.example/wall?uid=1001',
    });

    // An empty secret clears it.
    await consoleCall(t, cookie, 'PATCH', '/api/admin/walls/torox', { secret: 'temporary-secret' });
    const cleared = await consoleCall(t, cookie, 'PATCH', '/api/admin/walls/torox', { secret: '' });
    expect(cleared.json()).toMatchObject({ hasSecret: false, missing: [{ what: 'postbackSecret' }] });
    const closed = await t.app.inject({ method: 'GET', url: '/api/walls', headers: bearer(playerToken) });
    expect(closed.json().offerwalls[0]).toMatchObject({ slug: 'torox', iframeSrc: '' });
    const torox = await t.deps.db
      .selectFrom('walls')
      .select('secret')
      .where('slug', '=', 'torox')
      .executeTakeFirstOrThrow();
    expect(torox.secret).toBeNull();
  });

  it('refuses bad patches: unknown wall 404, slug change, empty or invalid fields 400', async () => {
    expect(
      (await consoleCall(t, cookie, 'PATCH', '/api/admin/walls/nosuchwall', { active: false })).statusCode,
    ).toBe(404);
    for (const payload of [
      {},
      { slug: 'renamed' },
      { rate: -5 },
      { iframeTemplate: 'http://x.example/' },
      { logoUrl: 'javascript:alert(1)' },
      { kind: 'other' },
      { secret: 'short' },
      { amountMode: 'usd_rate', rate: 0 },
      { rate: 0 }, // genericwall is usd_rate: 0 R$ per USD would refuse every postback
      { allowedIps: ['300.1.1.1'] },
      { maxCredit: 0 },
      { frameParams: { placementId: GENERIC_SECRET } }, // a frame value equal to the secret
    ]) {
      const slug = 'genericwall';
      const res = await consoleCall(t, cookie, 'PATCH', `/api/admin/walls/${slug}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await consoleCall(t, cookie, 'PATCH', '/api/admin/walls/Bad%20Slug', { active: false })).statusCode,
    ).toBe(400);
    const generic = await t.deps.db
      .selectFrom('walls')
      .selectAll()
      .where('slug', '=', 'genericwall')
      .executeTakeFirstOrThrow();
    expect(generic).toMatchObject({ rate: 100, amount_mode: 'usd_rate', active: 1, allowed_ips: '[]' });
  });

  it('lists postbacks newest first with their raw parameters, filtered by wall and verdict, paged', async () => {
    const alice = await accountOf(t.deps.db, 1001);
    await expectHmacPostbackOk(
      t,
      'genericwall',
      { user_id: '1001', trans_id: 'log-1', amount_usd: '0.10' },
      GENERIC_SECRET,
    );
    const forged = await t.app.inject({
      method: 'GET',
      url: hmacPostbackPath(
        'genericwall',
        { user_id: '1001', trans_id: 'log-2', amount_usd: '9' },
        'wrong-secret',
      ),
    });
    expect(forged.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/postback/nowhere?user_id=1001&trans_id=log-3',
    });
    expect(unknown.statusCode).toBe(404); // answered, not stored

    const all = await consoleCall(t, cookie, 'GET', '/api/admin/postbacks');
    expect(all.statusCode).toBe(200);
    const body = all.json() as { postbacks: Record<string, unknown>[]; nextBefore: number | null };
    expect(body.nextBefore).toBeNull();
    expect(body.postbacks.map((p) => p.transId)).toEqual(['log-2', 'log-1']);
    const ids = body.postbacks.map((p) => p.id as number);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(body.postbacks[1]).toEqual({
      id: expect.any(Number),
      wall: 'genericwall',
      transId: 'log-1',
      userId: alice.id,
      action: 'credit',
      amount: 10,
      reason: null,
      params: {
        user_id: '1001',
        trans_id: 'log-1',
        amount_usd: '0.10',
        sig: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
      verdict: 'credited',
      ip: expect.any(String),
      ledgerEntryId: expect.any(Number),
      createdAt: '2026-03-02T10:00:00.000Z',
    });
    expect(body.postbacks[0]).toMatchObject({
      wall: 'genericwall',
      verdict: 'bad_signature',
      reason: 'Invalid signature',
      ledgerEntryId: null,
    });

    const byWall = await consoleCall(t, cookie, 'GET', '/api/admin/postbacks?wall=genericwall');
    expect(byWall.json().postbacks.map((p: { transId: string }) => p.transId)).toEqual(['log-2', 'log-1']);
    const byVerdict = await consoleCall(t, cookie, 'GET', '/api/admin/postbacks?verdict=bad_signature');
    expect(byVerdict.json().postbacks.map((p: { transId: string }) => p.transId)).toEqual(['log-2']);
    const both = await consoleCall(t, cookie, 'GET', '/api/admin/postbacks?wall=nowhere&verdict=credited');
    expect(both.json()).toEqual({ postbacks: [], nextBefore: null });

    const page1 = await consoleCall(t, cookie, 'GET', '/api/admin/postbacks?limit=1');
    expect(page1.json().postbacks.map((p: { transId: string }) => p.transId)).toEqual(['log-2']);
    expect(page1.json().nextBefore).toBe(ids[0]);
    const page2 = await consoleCall(
      t,
      cookie,
      'GET',
      `/api/admin/postbacks?limit=1&before=${page1.json().nextBefore}`,
    );
    expect(page2.json()).toMatchObject({ postbacks: [{ transId: 'log-1' }], nextBefore: ids[1] });

    for (const q of ['verdict=nonsense', 'limit=0', 'limit=1000', 'before=-1', 'before=x']) {
      expect((await consoleCall(t, cookie, 'GET', `/api/admin/postbacks?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('replays a refused postback once the secret is set: credited exactly once, however often replayed', async () => {
    const created = await consoleCall(t, cookie, 'POST', '/api/admin/walls', hmacWall('replaywall'));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ hasSecret: false });

    const bob = await accountOf(t.deps.db, 1002);
    const url = hmacPostbackPath(
      'replaywall',
      { user_id: '1002', trans_id: 'rp-1', reward: '7.5' },
      REPLAY_SECRET,
    );
    const refused = await t.app.inject({ method: 'GET', url });
    expect(refused.statusCode).toBe(403);
    const stored = await consoleCall(t, cookie, 'GET', '/api/admin/postbacks?wall=replaywall');
    const [pb] = stored.json().postbacks as { id: number; verdict: string }[];
    expect(pb).toMatchObject({ verdict: 'no_secret', transId: 'rp-1', ledgerEntryId: null });
    expect((await accountOf(t.deps.db, 1002)).balance).toBe(bob.balance);

    // Replayed before the secret is set: refused again, nothing credited.
    const early = await consoleCall(t, cookie, 'POST', `/api/admin/postbacks/${pb!.id}/replay`);
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({ status: 403, verdict: 'no_secret', ledgerEntryId: null });

    expect(
      (
        await consoleCall(t, cookie, 'PATCH', '/api/admin/walls/replaywall', { secret: REPLAY_SECRET })
      ).json(),
    ).toMatchObject({ hasSecret: true });
    const replayed = await consoleCall(t, cookie, 'POST', `/api/admin/postbacks/${pb!.id}/replay`);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual({
      status: 200,
      body: 'OK',
      verdict: 'credited',
      ledgerEntryId: expect.any(Number),
      postbackId: expect.any(Number),
    });
    expect((await accountOf(t.deps.db, 1002)).balance - bob.balance).toBe(750);

    // Again, the same refused one and the credited copy, even at once: nothing more.
    const again = await Promise.all([
      consoleCall(t, cookie, 'POST', `/api/admin/postbacks/${pb!.id}/replay`),
      consoleCall(t, cookie, 'POST', `/api/admin/postbacks/${pb!.id}/replay`),
      consoleCall(t, cookie, 'POST', `/api/admin/postbacks/${replayed.json().postbackId}/replay`),
    ]);
    for (const r of again) expect(r.json()).toMatchObject({ status: 200, verdict: 'duplicate' });
    // And the provider's own retry.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    expect((await accountOf(t.deps.db, 1002)).balance - bob.balance).toBe(750);
    const entries = await ledgerEntriesWithKey(t.deps.db, 'postback:replaywall:rp-1');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: replayed.json().ledgerEntryId, amount: 750, kind: 'offer' });
    await expectInvariant(t.deps.db);

    const log = await consoleCall(t, cookie, 'GET', '/api/admin/postbacks?wall=replaywall');
    expect(log.json().postbacks.map((p: { verdict: string }) => p.verdict)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'credited',
      'no_secret',
      'no_secret',
    ]);
    const replays = await auditRows(t.deps.db, { action: 'postback.replay' });
    expect(replays).toHaveLength(5);
    expect(replays.find((r) => JSON.parse(r.after!).verdict === 'credited')).toMatchObject({
      actor: 'owner (bootstrap)',
      target: `postback:${pb!.id}`,
    });
    expect(JSON.parse(replays[1]!.before!)).toMatchObject({
      wall: 'replaywall',
      transId: 'rp-1',
      verdict: 'no_secret',
    });

    expect((await consoleCall(t, cookie, 'POST', '/api/admin/postbacks/999999/replay')).statusCode).toBe(404);
    expect((await consoleCall(t, cookie, 'POST', '/api/admin/postbacks/abc/replay')).statusCode).toBe(400);
  });

  it('a replay puts back only a token the log redacted: a sender’s own `token=***` stays refused', async () => {
    const TOKEN = 'adgate-token-4d5e6f';
    const adgate = (query: string) => `/api/postback/adgate?${query}&payout=0.4&vc_title=x&state=approved`;
    const setUp = await consoleCall(t, cookie, 'PATCH', '/api/admin/walls/adgate', {
      anyAddress: true,
      allowedIps: [],
      active: true,
    });
    expect(setUp.statusCode, setUp.body).toBe(200);
    const logged = async (transId: string) =>
      (
        (await consoleCall(t, cookie, 'GET', '/api/admin/postbacks?wall=adgate')).json().postbacks as {
          id: number;
          verdict: string;
          transId: string;
        }[]
      ).find((p) => p.transId === transId)!;
    const replay = async (id: number) =>
      (await consoleCall(t, cookie, 'POST', `/api/admin/postbacks/${id}/replay`)).json();
    const alice = await accountOf(t.deps.db, 1001);

    // Sent with the literal `***` before the wall had a token, and again after.
    const early = adgate('s1=1001&points=40&conversion_id=star-1&event_id=1&token=***');
    expect((await t.app.inject({ method: 'GET', url: early })).statusCode).toBe(403);
    expect(await logged('star-1')).toMatchObject({ verdict: 'no_secret' });
    expect(
      (
        await consoleCall(t, cookie, 'PATCH', '/api/admin/walls/adgate', {
          secret: TOKEN,
          anyAddress: true,
          allowedIps: [],
        })
      ).statusCode,
    ).toBe(200);
    const late = adgate('s1=1001&points=40&conversion_id=star-2&event_id=2&token=***');
    expect((await t.app.inject({ method: 'GET', url: late })).statusCode).toBe(403);
    expect(await logged('star-2')).toMatchObject({ verdict: 'bad_signature' });
    expect(await replay((await logged('star-1')).id)).toMatchObject({
      status: 403,
      verdict: 'bad_signature',
    });
    expect(await replay((await logged('star-2')).id)).toMatchObject({
      status: 403,
      verdict: 'bad_signature',
    });
    expect((await accountOf(t.deps.db, 1001)).balance).toBe(alice.balance);

    // The right token for a player not signed up yet: stored as `***`, and the replay once they
    // have signed up puts the token back and credits.
    const right = adgate(`s1=1004&points=40&conversion_id=star-3&event_id=3&token=${TOKEN}`);
    expect((await t.app.inject({ method: 'GET', url: right })).statusCode).toBe(404);
    const stored = await logged('star-3');
    expect(stored).toMatchObject({ verdict: 'unknown_user' });
    expect(JSON.stringify(stored)).not.toContain(TOKEN);
    await t.login('DaveTheBrave');
    expect(await replay(stored.id)).toMatchObject({ status: 200, verdict: 'credited' });
    expect((await accountOf(t.deps.db, 1004)).balance).toBe(4000);

    // The right token and an amount the wall's settings cannot read: refused after the check (the
    // player is known), stored as `***`; replayed once the setting is right, the token goes back.
    const mode = (amountMode: string) =>
      consoleCall(t, cookie, 'PATCH', '/api/admin/walls/adgate', { amountMode });
    const before = (await consoleCall(t, cookie, 'GET', '/api/admin/walls'))
      .json()
      .walls.find((w: { slug: string }) => w.slug === 'adgate').amountMode as string;
    expect((await mode('reward')).statusCode).toBe(200);
    const unread = adgate(`s1=1001&points=40&conversion_id=star-4&event_id=4&token=${TOKEN}`);
    expect((await t.app.inject({ method: 'GET', url: unread })).statusCode).toBe(400);
    expect(await logged('star-4')).toMatchObject({ verdict: 'invalid', userId: expect.any(Number) });
    expect((await mode(before)).statusCode).toBe(200);
    const aliceBefore = (await accountOf(t.deps.db, 1001)).balance;
    expect(await replay((await logged('star-4')).id)).toMatchObject({ status: 200, verdict: 'credited' });
    expect((await accountOf(t.deps.db, 1001)).balance).toBe(aliceBefore + 4000);
    await expectInvariant(t.deps.db);
  });

  it('shows AdGate’s token only to staff who edit walls; the postback log never shows it', async () => {
    const TOKEN = 'adgate-token-7g8h9i';
    expect(
      (
        await consoleCall(t, cookie, 'PATCH', '/api/admin/walls/adgate', {
          secret: TOKEN,
          anyAddress: true,
          allowedIps: [],
          active: true,
        })
      ).statusCode,
    ).toBe(200);
    const support = await signedInStaff(t, 'support', { address: '10.66.0.1' });
    const urlSeenBy = async (who: string) =>
      (
        (await consoleCall(t, who, 'GET', '/api/admin/walls')).json().walls as {
          slug: string;
          postbackUrl: string;
        }[]
      ).find((w) => w.slug === 'adgate')!.postbackUrl;
    expect(await urlSeenBy(cookie)).toContain(`token=${TOKEN}&`);
    const supportUrl = await urlSeenBy(support.cookie);
    expect(supportUrl).toContain('token=***&');
    expect(supportUrl).not.toContain(TOKEN);

    // The right token from an address the wall does not allow yet: refused before the token's check
    // and stored as sent (a replay after the allow-list is fixed needs it), shown without the token.
    const allowOnly = (allowedIps: string[], anyAddress: boolean) =>
      consoleCall(t, cookie, 'PATCH', '/api/admin/walls/adgate', { allowedIps, anyAddress });
    expect((await allowOnly(['203.0.113.200'], false)).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/postback/adgate?token=${TOKEN}&s1=1001&points=10&payout=0.1&vc_title=x&conversion_id=tok-1&state=approved&event_id=1`,
    });
    expect(refused.statusCode).toBe(403);
    // Too long to keep whole: stored cut short, shown as raw text, still without the token.
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/postback/adgate?token=${TOKEN}&s1=1001&points=10&payout=0.1&conversion_id=tok-2&state=approved&event_id=2&vc_title=${'x'.repeat(3000)}`,
    });
    expect(long.statusCode).toBe(403);
    const stored = await t.deps.db
      .selectFrom('postbacks')
      .select('params')
      .where('trans_id', '=', 'tok-1')
      .execute();
    expect(stored[0]!.params).toContain(TOKEN);
    expect((await allowOnly([], true)).statusCode).toBe(200);
    for (const who of [cookie, support.cookie]) {
      const log = await consoleCall(t, who, 'GET', '/api/admin/postbacks?wall=adgate');
      const row = (log.json().postbacks as { transId: string; verdict: string; params: object }[]).find(
        (p) => p.transId === 'tok-1',
      )!;
      expect(row).toMatchObject({ verdict: 'forbidden_address', params: { token: '***' } });
      const cut = (log.json().postbacks as { transId: string | null; params: { raw?: string } }[]).find((p) =>
        p.params.raw?.includes('tok-2'),
      )!;
      expect(cut.params.raw).toContain('"token":"***"');
      expect(JSON.stringify(log.json())).not.toContain(TOKEN);
    }
  });

  it('records every change in the audit log with hasSecret, never a secret value', async () => {
    const creates = await auditRows(t.deps.db, { action: 'wall.create' });
    expect(creates.map((r) => r.target)).toEqual([
      'wall:surveyo',
      'wall:racewall',
      'wall:minimal-1',
      'wall:replaywall',
    ]);
    expect(creates[0]).toMatchObject({ actor: 'owner (bootstrap)', before: null });
    expect(JSON.parse(creates[0]!.after!)).toMatchObject({ slug: 'surveyo', hasSecret: true, rate: 120 });

    const updates = await auditRows(t.deps.db, { action: 'wall.update' });
    const adgemSecret = updates.find((r) => r.target === 'wall:adgem' && JSON.parse(r.after!).secretChanged);
    expect(JSON.parse(adgemSecret!.before!)).toMatchObject({ slug: 'adgem', hasSecret: false });
    expect(JSON.parse(adgemSecret!.after!)).toMatchObject({
      slug: 'adgem',
      hasSecret: true,
      secretChanged: true,
    });
    const disable = updates.find((r) => r.target === 'wall:adgem' && JSON.parse(r.after!).active === false);
    expect(JSON.parse(disable!.before!)).toMatchObject({ active: true });

    // Refused requests (401, 400, 404, 409) changed nothing and wrote nothing.
    expect(updates.filter((r) => r.target === 'wall:lootably')).toEqual([]);
    expect(creates).toHaveLength(4);

    const all = await t.deps.db.selectFrom('audit_log').selectAll().execute();
    expectNoSecrets(JSON.stringify(all));
    for (const r of all) {
      for (const side of [r.before, r.after]) {
        if (side && r.action.startsWith('wall.'))
          expect(Object.keys(JSON.parse(side))).not.toContain('secret');
      }
    }
    const shown = await consoleCall(t, cookie, 'GET', '/api/admin/audit');
    expect(shown.statusCode).toBe(200);
    expectNoSecrets(shown.body);
  });
  it('a frame placeholder named like an object property is a missing provider id, not a crash', async () => {
    const created = await consoleCall(
      t,
      cookie,
      'POST',
      '/api/admin/walls',
      hmacWall('protowall', { iframeTemplate: 'https://proto.example/wall?uid={userId}' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    // The template changes; the frame values stay as they were, without those names.
    const changed = await consoleCall(t, cookie, 'PATCH', '/api/admin/walls/protowall', {
      iframeTemplate: 'https://proto.example/wall?uid={userId}&c={constructor}&s={toString}',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().missing).toEqual([
      { what: 'providerId', name: 'constructor' },
      { what: 'providerId', name: 'toString' },
      { what: 'postbackSecret' },
    ]);
    expect((await consoleCall(t, cookie, 'GET', '/api/admin/walls')).statusCode).toBe(200);
    const walls = await t.app.inject({ method: 'GET', url: '/api/walls', headers: bearer(playerToken) });
    expect(walls.statusCode).toBe(200);
  });
});
