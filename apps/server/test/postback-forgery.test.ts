import { randomBytes } from 'node:crypto';
import { postbackVerdicts, type PostbackVerdict } from '@rewards/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prunePostbackLog } from '../src/modules/offers/index.ts';
import { adminCookie } from './support/admin.ts';
import { metricValue } from './support/metrics.ts';
import { bearer, createTestApp, type TestApp } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';
import { expectInvariant } from './support/ledger.ts';
import { openTestApp, t } from './support/suite.ts';
import { configureWall } from './support/walls.ts';
import { countRows } from './support/records.ts';
import { jsonLeaves } from './support/json-leaves.ts';
import { whileClockBack } from './support/clock-travel.ts';
import {
  CPX_ADDRESS,
  expectPostbackCredited,
  hmacHex,
  md5,
  sendCpxPostback,
  sha256,
  sortedPairs,
} from './support/postbacks.ts';

// Forged and hostile postbacks: the CPX secure_hash attack, every value a player can read tried as
// every provider's signature, the postback log's bounds (unknown walls, refusal share, size,
// retention) and which X-Forwarded-For is believed.

/** CPX_SECURE_HASH as createTestApp sets it: the cpx wall's secret until the wall has its own. */
const CPX_ENV_SECRET = 'test-cpx-secret';
const PUBLIC_URL = 'https://rewards.example';
const METRICS_TOKEN = 'metrics-token-postback-forgery-0123';
const PLAYERS = { AliceRBX: 1001, BobBuilder: 1002, CarolPlays: 1003, DaveTheBrave: 1004 } as const;
type PlayerName = keyof typeof PLAYERS;
const PLAYER_NAMES = Object.keys(PLAYERS) as PlayerName[];

// The refusal share is counted per caller address for the whole process: each test sends from
// addresses of its own (documentation ranges), so no test eats another's share.
const FORGERY_ADDRESS = '198.51.100.20';
const SHARE_ADDRESS = '203.0.113.7';
const OTHER_ADDRESS = '203.0.113.8';
const SIZE_ADDRESS = '203.0.113.9';
const RETENTION_ADDRESS = '203.0.113.10';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * What the log keeps whatever its age: postbacks that moved money (or will, or may on an admin's
 * decision). Every other verdict expires; a new verdict expires unless it is named here.
 */
const KEPT: readonly PostbackVerdict[] = ['credited', 'on_hold', 'held', 'approved', 'reversed'];
const EXPIRING = postbackVerdicts.filter((v) => !KEPT.includes(v));

/** Runs the calls `size` at a time. */
async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  call: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(call))));
  return out;
}

// ---- Postbacks as each provider sends them ----

/**
 * One provider's postback: its unsigned parameters (a credit of R$5 for USD 0.05 to `robloxId`),
 * where the signature goes (a parameter, appended last as the providers do, or a header), and how
 * the provider computes it from the URL it calls (`PUBLIC_URL` + path + query) and its parameters.
 */
interface Scheme {
  slug: string;
  params(trans: string, robloxId: number): Record<string, string>;
  sigParam?: string;
  sigHeader?: string;
  sign(secret: string, unsignedUrl: string, params: Record<string, string>): string;
}

const SCHEMES: Scheme[] = [
  {
    slug: 'cpx',
    params: (trans, id) => ({
      status: '1',
      trans_id: trans,
      user_id: String(id),
      amount_local: '5',
      amount_usd: '0.05',
    }),
    sigParam: 'hash',
    sign: (secret, _url, p) => md5(`${p.trans_id}-${secret}`),
  },
  {
    slug: 'lootably',
    params: (trans, id) => ({
      userID: String(id),
      transactionID: trans,
      ip: '192.0.2.1',
      revenue: '0.05',
      currencyReward: '5',
      status: '1',
    }),
    sigParam: 'hash',
    sign: (secret, _url, p) => sha256(`${p.userID}${p.ip}${p.revenue}${p.currencyReward}${secret}`),
  },
  {
    slug: 'torox',
    params: (trans, id) => ({ id: trans, oid: '77', amount: '5', user_id: String(id), payout: '0.05' }),
    sigParam: 'sig',
    sign: (secret, _url, p) => md5(`${p.oid}-${p.user_id}-${secret}`),
  },
  {
    slug: 'notik',
    params: (trans, id) => ({ user_id: String(id), amount: '5', payout: '0.05', txn_id: trans }),
    sigParam: 'hash',
    sign: (secret, url) => hmacHex('sha1', secret, url),
  },
  {
    slug: 'bitlabs',
    params: (trans, id) => ({ uid: String(id), val: '5', usd: '0.05', tx: trans, type: 'COMPLETE' }),
    sigParam: 'hash',
    sign: (secret, url) => hmacHex('sha1', secret, url),
  },
  {
    slug: 'adgem',
    params: (trans, id) => ({
      player_id: String(id),
      amount: '5',
      payout: '0.05',
      transaction_id: trans,
      request_id: 'r1',
    }),
    sigParam: 'verifier',
    sign: (secret, url) => hmacHex('sha256', secret, url),
  },
  {
    slug: 'adgate',
    params: (trans, id) => ({
      s1: String(id),
      points: '5',
      payout: '0.05',
      conversion_id: trans,
      state: 'approved',
    }),
    sigParam: 'token',
    sign: (secret) => secret,
  },
  {
    slug: 'ayet',
    params: (trans, id) => ({
      external_identifier: String(id),
      currency_amount: '5',
      payout_usd: '0.05',
      transaction_id: trans,
    }),
    sigHeader: 'x-ayetstudios-security-hash',
    // PHP's http_build_query of the parameters sorted by name (the values here need no escaping).
    sign: (secret, _url, p) => hmacHex('sha256', secret, sortedPairs(p)),
  },
  {
    slug: 'generic',
    params: (trans, id) => ({ trans_id: trans, user_id: String(id), amount: '0.05' }),
    sigParam: 'sig',
    sign: (secret, _url, p) => hmacHex('sha256', secret, sortedPairs(p)),
  },
  {
    slug: 'generic',
    params: (trans, id) => ({ trans_id: trans, user_id: String(id), amount: '0.05' }),
    sigHeader: 'x-signature',
    sign: (secret, _url, p) => hmacHex('sha256', secret, sortedPairs(p)),
  },
];

/** The request for `scheme` carrying a given signature, or signed with the wall's secret as the provider would. */
function postbackRequest(
  scheme: Scheme,
  trans: string,
  robloxId: number,
  by: { signature: string } | { secret: string },
): { url: string; headers: Record<string, string> } {
  const params = scheme.params(trans, robloxId);
  const unsigned = `/api/postback/${scheme.slug}?${new URLSearchParams(params)}`;
  const sig = 'signature' in by ? by.signature : scheme.sign(by.secret, `${PUBLIC_URL}${unsigned}`, params);
  if (scheme.sigHeader) return { url: unsigned, headers: { [scheme.sigHeader]: sig } };
  return { url: `${unsigned}&${scheme.sigParam}=${encodeURIComponent(sig)}`, headers: {} };
}

// ---- What a signed-in player can read ----

/** A URL and its parts: origin, host, path, every path segment, every query name and value. */
function urlParts(text: string): string[] {
  const out = [text];
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return out;
  }
  out.push(url.origin, url.host, url.hostname, url.pathname, url.search.slice(1));
  for (const segment of url.pathname.split('/')) out.push(decodeURIComponent(segment));
  for (const [name, value] of url.searchParams) out.push(name, value);
  return out;
}

describe(`forged and hostile postbacks on ${testEngine}`, () => {
  let t: TestApp;
  let cookie: string;
  const tokens = {} as Record<PlayerName, string>;
  const loginBodies = {} as Record<PlayerName, unknown>;
  /** Each wall's secret, once the forgery tests gave every wall one. */
  const secrets: Record<string, string> = {};

  const inject = (opts: InjectOptions) => t.app.inject(opts);
  const playerGet = async (url: string, token: string) => {
    const res = await inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  const patchWall = (slug: string, payload: Record<string, unknown>) =>
    inject({ method: 'PATCH', url: `/api/admin/walls/${slug}`, headers: { cookie }, payload });
  async function patchWallOk(slug: string, payload: Record<string, unknown>) {
    const res = await patchWall(slug, payload);
    expect(res.statusCode, `PATCH ${slug}: ${res.body}`).toBe(200);
    return res.json();
  }

  async function balances(): Promise<Record<number, { balance: number; earnings: number }>> {
    const rows = await t.deps.db.selectFrom('users').select(['roblox_id', 'balance', 'earnings']).execute();
    return Object.fromEntries(
      rows.map((r) => [Number(r.roblox_id), { balance: Number(r.balance), earnings: Number(r.earnings) }]),
    );
  }
  async function earningEntries(): Promise<number> {
    const rows = await t.deps.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('kind', 'in', ['offer', 'survey'])
      .execute();
    return rows.length;
  }
  async function postbackRows(): Promise<number> {
    const row = await t.deps.db
      .selectFrom('postbacks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  /** The process's `rewards_postbacks_not_stored_total{reason}` as /metrics reports it. */
  async function notStored(reason: string): Promise<number> {
    const res = await inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(res.statusCode).toBe(200);
    return metricValue(res.body, 'rewards_postbacks_not_stored_total', { reason });
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN, PUBLIC_URL } });
    for (const name of PLAYER_NAMES) {
      const login = await t.login(name);
      expect(login.status).toBe(200);
      tokens[name] = login.token;
      loginBodies[name] = login.body;
    }
    cookie = await adminCookie(t);
    const ids = await t.deps.db.selectFrom('users').select(['username', 'roblox_id']).execute();
    for (const name of PLAYER_NAMES) {
      expect(ids.find((u) => u.username === name)?.roblox_id).toBe(PLAYERS[name]);
    }
  });
  afterAll(async () => {
    await expectInvariant(t.deps.db);
    await t.close();
  });

  describe('the CPX secure_hash attack', () => {
    it('the attack above, from an allowed address, credits nothing', async () => {
      const alice = tokens.AliceRBX;
      const walls = await playerGet('/api/walls', alice);
      const cpxCard = walls.surveys.find((w: { slug: string }) => w.slug === 'cpx');
      const { src } = await playerGet('/api/cpx/frame', alice);
      expect(src).toBe(cpxCard.iframeSrc);
      const secureHash = new URL(src).searchParams.get('secure_hash')!;
      // The frame's hash is the very function CPX signs a postback with.
      expect(secureHash).toBe(md5(`1001-${CPX_ENV_SECRET}`));

      const before = await balances();
      const entriesBefore = await earningEntries();
      for (const amount of ['1000000', '5']) {
        for (let i = 0; i < 3; i++) {
          const res = await sendCpxPostback(
            t,
            `/api/postback/cpx?status=1&trans_id=1001&user_id=1001&amount_local=${amount}&hash=${secureHash}`,
          );
          expect([res.statusCode, res.body], `amount_local=${amount} #${i + 1}`).toEqual([
            403,
            'Invalid hash',
          ]);
        }
      }
      expect(await balances()).toEqual(before);
      expect(await earningEntries()).toBe(entriesBefore);
      const rows = await t.deps.db
        .selectFrom('postbacks')
        .selectAll()
        .where('wall_slug', '=', 'cpx')
        .where('trans_id', '=', '1001')
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [r.verdict, r.ip, r.ledger_entry_id])).toEqual(
        Array.from({ length: 6 }, () => ['forged', CPX_ADDRESS, null]),
      );

      // Control: a postback CPX really signs, from the same address for the same R$5, credits.
      await expectPostbackCredited(
        t,
        `/api/postback/cpx?status=1&trans_id=cpx-genuine-1&user_id=1001&amount_local=5&amount_usd=0.05&hash=${md5(`cpx-genuine-1-${CPX_ENV_SECRET}`)}`,
      );
      expect((await balances())[1001]!.balance - before[1001]!.balance).toBe(500);
      await expectInvariant(t.deps.db);
    });
  });

  describe('values a player can read, tried as every signature', () => {
    /** Frame ids an operator fills in for the walls whose frames need them: players see them all. */
    const FRAME_PARAMS: Record<string, Record<string, string>> = {
      lootably: { placementId: 'lootably-placement-4417' },
      adgem: { appId: 'ag-2290' },
      torox: { pubId: '31337', appId: '8842' },
      adgate: { wallCode: 'oQ3xYz' },
      notik: { apiKey: 'notik-public-api-key-77', pubId: 'pub-12', appId: 'app-34' },
      bitlabs: { appToken: 'bitlabs-app-token-5e6f' },
    };

    beforeAll(async () => {
      // Every wall gets a secret, accepts any address and is enabled: only the signature stands in the way.
      for (const slug of ['lootably', 'adgem', 'torox', 'adgate', 'notik', 'cpx', 'bitlabs']) {
        secrets[slug] = `${slug}-secret-${randomBytes(8).toString('hex')}`;
        await patchWallOk(slug, {
          secret: secrets[slug],
          allowedIps: [],
          anyAddress: true,
          active: true,
          ...(FRAME_PARAMS[slug] ? { frameParams: FRAME_PARAMS[slug] } : {}),
        });
      }
      secrets.ayet = `ayet-secret-${randomBytes(8).toString('hex')}`;
      secrets.generic = `generic-secret-${randomBytes(8).toString('hex')}`;
      for (const wall of [
        {
          slug: 'ayet',
          name: 'ayeT Studios',
          kind: 'offerwall',
          postbackScheme: 'ayet',
          secret: secrets.ayet,
          amountMode: 'local',
          rate: 100,
          allowedIps: [],
          anyAddress: true,
          frameParams: { adSlot: 'slot-4711' },
        },
        {
          slug: 'generic',
          name: 'Generic',
          kind: 'offerwall',
          postbackScheme: 'hmac',
          secret: secrets.generic,
          amountMode: 'usd_rate',
          rate: 100,
          allowedIps: [],
          anyAddress: true,
        },
      ]) {
        const res = await inject({
          method: 'POST',
          url: '/api/admin/walls',
          headers: { cookie },
          payload: wall,
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    });

    /** Everything `name` can read from the site while signed in. */
    async function readableBy(name: PlayerName): Promise<string[]> {
      const token = tokens[name];
      const out: string[] = [token, ...jsonLeaves(loginBodies[name], { asText: true })];
      const walls = await playerGet('/api/walls', token);
      for (const card of [...walls.offerwalls, ...walls.surveys]) {
        out.push(...jsonLeaves(card, { asText: true }));
        if (card.iframeSrc) out.push(...urlParts(card.iframeSrc));
      }
      out.push(...urlParts((await playerGet('/api/cpx/frame', token)).src));
      const profile = await playerGet(`/api/profile/${name}`, token);
      out.push(...jsonLeaves(profile, { asText: true }), ...(profile.verificationCode?.split(/\s+/) ?? []));
      out.push(...jsonLeaves(await playerGet(`/api/user/${name}`, token), { asText: true }));
      const referrals = await playerGet('/api/referrals', token);
      out.push(...jsonLeaves(referrals, { asText: true }), ...urlParts(referrals.link));
      out.push(...jsonLeaves(await playerGet('/api/transactions', token), { asText: true }));
      out.push(...jsonLeaves(await playerGet('/api/offers/pending', token), { asText: true }));
      // A fresh verification sentence is shown on request.
      const refreshed = await inject({
        method: 'POST',
        url: '/api/verification/refresh',
        headers: bearer(token),
      });
      expect(refreshed.statusCode).toBe(200);
      out.push(
        ...jsonLeaves(refreshed.json(), { asText: true }),
        ...(refreshed.json().verificationCode?.split(/\s+/) ?? []),
      );
      // Other players: their names on the leaderboard, their Roblox ids from the public name lookup.
      const leaderboard = await inject({ method: 'GET', url: '/api/leaderboard' });
      for (const other of [...jsonLeaves(leaderboard.json(), { asText: true }), ...PLAYER_NAMES]) {
        out.push(other);
        const lookup = await inject({
          method: 'POST',
          url: '/api/roblox-lookup',
          payload: { username: other },
        });
        if (lookup.statusCode === 200) out.push(...jsonLeaves(lookup.json(), { asText: true }));
      }
      // The account's own id on this site (small, so guessable whether shown or not).
      const own = await t.deps.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', name)
        .executeTakeFirstOrThrow();
      out.push(String(own.id));
      return out;
    }

    it('the same for 20 other values a player can read from the site', { timeout: 120_000 }, async () => {
      const perPlayer = await Promise.all(PLAYER_NAMES.map(readableBy));
      const values = [...new Set(perPlayer.flat())].filter((v) => v !== '');
      expect(values.length).toBeGreaterThanOrEqual(20);
      // Among them every player's CPX secure_hash, session token, Roblox id and referral link.
      for (const name of PLAYER_NAMES) {
        expect(values).toContain(md5(`${PLAYERS[name]}-${secrets.cpx}`));
        expect(values).toContain(tokens[name]);
        expect(values).toContain(String(PLAYERS[name]));
        expect(values).toContain(`${PUBLIC_URL}/login?ref=${name}`);
      }
      const headerSafe = (v: string) => /^[\x20-\x7e]+$/.test(v);
      const ids = PLAYER_NAMES.map((n) => String(PLAYERS[n]));

      type Attempt = { label: string; url: string; headers: Record<string, string> };
      const attempts: Attempt[] = [];
      let n = 0;
      for (const scheme of SCHEMES) {
        for (const value of values) {
          if (scheme.sigHeader && !headerSafe(value)) continue;
          for (const robloxId of [1001, 1002]) {
            const req = postbackRequest(scheme, `probe-${n++}`, robloxId, { signature: value });
            attempts.push({
              label: `${scheme.slug} ${scheme.sigParam ?? scheme.sigHeader}=${value}`,
              ...req,
            });
          }
        }
      }
      // CPX signs only the transaction id: every readable value and every player's id as trans_id,
      // each with every readable value shaped like CPX's hash (hex MD5) and with itself as the hash.
      // (Every readable value was tried as the hash above.)
      const cpx = SCHEMES.find((s) => s.slug === 'cpx')!;
      const digests = values.filter((v) => /^[0-9a-f]{32}$/i.test(v.trim()));
      expect(digests.length).toBeGreaterThanOrEqual(PLAYER_NAMES.length);
      for (const trans of [...new Set([...values, ...ids])]) {
        for (const value of new Set([...digests, trans])) {
          const req = postbackRequest(cpx, trans, 1001, { signature: value });
          attempts.push({ label: `cpx trans_id=${trans} hash=${value}`, ...req });
        }
      }

      const before = await balances();
      const entriesBefore = await earningEntries();
      const firstRow = (await t.deps.db
        .selectFrom('postbacks')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst())!.max;
      const answers = await inBatches(attempts, 200, (a) =>
        inject({ method: 'GET', url: a.url, headers: a.headers, remoteAddress: FORGERY_ADDRESS }),
      );
      const accepted = answers
        .map((res, i) => ({ res, a: attempts[i]! }))
        .filter(({ res }) => res.statusCode < 400)
        .map(({ res, a }) => `${a.label} → ${res.statusCode} ${res.body}`);
      expect(accepted).toEqual([]);
      expect(answers.every((res) => res.statusCode === 403)).toBe(true);

      expect(await balances()).toEqual(before);
      expect(await earningEntries()).toBe(entriesBefore);
      const moved = await t.deps.db
        .selectFrom('postbacks')
        .select(['verdict', 'trans_id', 'wall_slug'])
        .where('id', '>', Number(firstRow ?? 0))
        .where('verdict', 'not in', ['bad_signature', 'forged'])
        .execute();
      expect(moved).toEqual([]);

      // Control: each request signed with the wall's real secret credits R$5 once, so nothing but
      // the signature stopped the attempts above.
      for (const scheme of SCHEMES) {
        const trans = `control-${scheme.slug}-${scheme.sigParam ?? scheme.sigHeader}`;
        const signed = postbackRequest(scheme, trans, 1001, { secret: secrets[scheme.slug]! });
        const res = await inject({ method: 'GET', ...signed, remoteAddress: FORGERY_ADDRESS });
        expect(res.statusCode, `${trans}: ${res.body}`).toBe(200);
      }
      const after = await balances();
      expect(after[1001]!.balance - before[1001]!.balance).toBe(SCHEMES.length * 500);
      expect(await earningEntries()).toBe(entriesBefore + SCHEMES.length);
      await expectInvariant(t.deps.db);
    });
  });

  describe('secrets stay out of frames', () => {
    async function adminWalls(): Promise<Array<Record<string, any>>> {
      const res = await inject({ method: 'GET', url: '/api/admin/walls', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return res.json().walls;
    }
    async function expectRefused(slug: string, payload: Record<string, unknown>) {
      const res = await patchWall(slug, payload);
      expect(res.statusCode, `PATCH ${slug} ${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(res.json().error).toMatch(/frameParams/);
    }

    /** No frame any player is shown carries a wall's secret (or CPX_SECURE_HASH), plain or URL-encoded. */
    async function expectNoSecretShown() {
      const allSecrets = [...Object.values(secrets), CPX_ENV_SECRET];
      const leaks: string[] = [];
      for (const name of PLAYER_NAMES) {
        const walls = await playerGet('/api/walls', tokens[name]);
        const frames: string[] = [
          ...[...walls.offerwalls, ...walls.surveys].map((w: { iframeSrc: string }) => w.iframeSrc),
          (await playerGet('/api/cpx/frame', tokens[name])).src,
        ];
        for (const frame of frames) {
          if (allSecrets.some((x) => frame.includes(x) || frame.includes(encodeURIComponent(x))))
            leaks.push(`${name}: ${frame}`);
        }
      }
      expect(leaks).toEqual([]);
    }

    it('a wall secret equal to a frame param value is refused by PATCH (400), so a frame never shows a secret', async () => {
      const before = await adminWalls();
      const lootably = before.find((w) => w.slug === 'lootably')!;
      const placement = lootably.frameParams.placementId as string;
      expect(placement).toBe('lootably-placement-4417');

      // The secret set to a value the frame shows, the frame set to show the secret, or both at once.
      await expectRefused('lootably', { secret: placement });
      await expectRefused('lootably', { secret: `  ${placement}  ` });
      await expectRefused('lootably', { frameParams: { placementId: secrets.lootably } });
      await expectRefused('lootably', {
        secret: 'fresh-lootably-secret',
        frameParams: { placementId: 'fresh-lootably-secret' },
      });
      await expectRefused('notik', { secret: 'notik-public-api-key-77' });
      await expectRefused('bitlabs', { frameParams: { appToken: secrets.bitlabs } });
      // Nor can a new wall start out that way.
      const created = await inject({
        method: 'POST',
        url: '/api/admin/walls',
        headers: { cookie },
        payload: {
          slug: 'leaky',
          name: 'Leaky',
          kind: 'offerwall',
          postbackScheme: 'lootably',
          secret: 'leaky-placement-id',
          amountMode: 'local',
          rate: 100,
          frameParams: { placementId: 'leaky-placement-id' },
        },
      });
      expect(created.statusCode, created.body).toBe(400);
      expect((await adminWalls()).map((w) => w.slug)).not.toContain('leaky');
      expect(await adminWalls()).toEqual(before);

      await expectNoSecretShown();
    });

    it("the cpx wall's secret from CPX_SECURE_HASH counts too: it may not become a frame value", async () => {
      // Without a secret of its own the cpx wall signs, and its frame hashes, with CPX_SECURE_HASH.
      try {
        await patchWallOk('cpx', { secret: '' });
        const res = await patchWall('cpx', { frameParams: { appId: CPX_ENV_SECRET } });
        expect.soft(res.statusCode, `PATCH cpx frameParams.appId = CPX_SECURE_HASH: ${res.body}`).toBe(400);
        await expectNoSecretShown();
      } finally {
        await patchWallOk('cpx', { secret: secrets.cpx, frameParams: {} });
      }
    });

    it('nor can a frame value or the frame template carry the secret inside a longer text', async () => {
      const before = await adminWalls();
      await expectRefused('lootably', { frameParams: { placementId: `x-${secrets.lootably}-y` } });
      const template = await patchWall('lootably', {
        iframeTemplate: `https://wall.lootably.com/?placementID={placementId}&k=${secrets.lootably}&sid={userId}`,
      });
      expect(template.statusCode, template.body).toBe(400);
      expect(template.json().error).toMatch(/iframeTemplate/);
      expect(await adminWalls()).toEqual(before);
      await expectNoSecretShown();
    });
  });

  describe('the postback log cannot be flooded', () => {
    beforeAll(async () => {
      // Any address may call: the log's own bounds are what is tested here.
      for (const slug of ['cpx', 'torox', 'adgem'])
        await patchWallOk(slug, { allowedIps: [], anyAddress: true, active: true });
    });

    it(
      '10,000 postbacks to unknown walls leave the postback table unchanged',
      { timeout: 120_000 },
      async () => {
        const rowsBefore = await postbackRows();
        const countedBefore = await notStored('unknown_wall');
        const slugOf = (i: number) =>
          [
            `nowall-${i}`,
            'CPX',
            'Lootably',
            `cpx-${i}`,
            i.toString(36),
            `adgem${i % 7}`,
            'cpx%20',
            'x'.repeat(1 + (i % 100)),
          ][i % 8]!;
        const requests = Array.from({ length: 10_000 }, (_, i): InjectOptions => {
          const query = new URLSearchParams({
            status: '1',
            trans_id: `flood-${i}`,
            user_id: String(1001 + (i % 4)),
            amount_local: String(i),
            hash: md5(String(i)),
            [`extra${i % 13}`]: 'y'.repeat(i % 300),
          });
          const url = `/api/postback/${slugOf(i)}`;
          return i % 4 === 3
            ? {
                method: 'POST',
                url,
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: query.toString(),
              }
            : { method: 'GET', url: `${url}?${query}` };
        });
        const answers = await inBatches(requests, 200, (r) => inject(r));

        const wrong = answers
          .map((res, i) => ({ res, i }))
          .filter(({ res }) => res.statusCode !== 404 || res.body !== 'Unknown wall')
          .map(({ res, i }) => `${requests[i]!.method} ${requests[i]!.url} → ${res.statusCode} ${res.body}`);
        expect(wrong.slice(0, 5)).toEqual([]);
        expect(await postbackRows()).toBe(rowsBefore);
        expect((await notStored('unknown_wall')) - countedBefore).toBe(10_000);
      },
    );

    it('a postback to an inactive wall answers 404 and is not stored, even when correctly signed', async () => {
      const adgem = SCHEMES.find((s) => s.slug === 'adgem')!;
      const signed = postbackRequest(adgem, 'inactive-1', 1001, { secret: secrets.adgem! });
      const rowsBefore = await postbackRows();
      const countedBefore = await notStored('inactive_wall');
      const balanceBefore = (await balances())[1001]!.balance;

      await patchWallOk('adgem', { active: false });
      try {
        for (const method of ['GET', 'POST'] as const) {
          const res = await inject({ method, ...signed });
          expect([res.statusCode, res.body]).toEqual([404, 'Unknown wall']);
        }
        expect(await postbackRows()).toBe(rowsBefore);
        expect((await notStored('inactive_wall')) - countedBefore).toBe(2);
        expect((await balances())[1001]!.balance).toBe(balanceBefore);
      } finally {
        await patchWallOk('adgem', { active: true });
      }
      // Active again, the same postback is stored and credits: it was the wall's state that refused it.
      const res = await inject({ method: 'GET', ...signed });
      expect([res.statusCode, res.body]).toEqual([200, 'OK']);
      expect(await postbackRows()).toBe(rowsBefore + 1);
    });

    it('refusals are stored at most 60 a minute per address; another address is still stored', async () => {
      const torox = SCHEMES.find((s) => s.slug === 'torox')!;
      const countedBefore = await notStored('refusals_over_share');
      const answers = await inBatches(
        Array.from({ length: 200 }, (_, i) => i),
        50,
        (i) =>
          inject({
            method: 'GET',
            ...postbackRequest(torox, `share-${i}`, 1001, { signature: md5(`guess-${i}`) }),
            remoteAddress: SHARE_ADDRESS,
          }),
      );
      for (const res of answers) expect([res.statusCode, res.body]).toEqual([403, 'Invalid sig']);

      const storedRows = await t.deps.db
        .selectFrom('postbacks')
        .select('verdict')
        .where('ip', '=', SHARE_ADDRESS)
        .execute();
      expect(storedRows.length).toBeGreaterThan(0);
      expect(storedRows.length).toBeLessThanOrEqual(60);
      expect(new Set(storedRows.map((r) => r.verdict))).toEqual(new Set(['bad_signature']));
      // The others were answered and counted, not stored.
      expect((await notStored('refusals_over_share')) - countedBefore).toBe(200 - storedRows.length);

      // Another address keeps its own share.
      const other = await inject({
        method: 'GET',
        ...postbackRequest(torox, 'share-other', 1001, { signature: md5('guess-other') }),
        remoteAddress: OTHER_ADDRESS,
      });
      expect(other.statusCode).toBe(403);
      expect(
        await t.deps.db
          .selectFrom('postbacks')
          .select(['verdict', 'trans_id'])
          .where('ip', '=', OTHER_ADDRESS)
          .execute(),
      ).toEqual([{ verdict: 'bad_signature', trans_id: 'share-other' }]);

      // The share bounds refusals only: a genuine credit from the same address is paid and stored.
      const genuine = await inject({
        method: 'GET',
        ...postbackRequest(torox, 'share-genuine', 1001, { secret: secrets.torox! }),
        remoteAddress: SHARE_ADDRESS,
      });
      expect([genuine.statusCode, genuine.body]).toEqual([200, '1']);
      const row = await t.deps.db
        .selectFrom('postbacks')
        .select(['verdict', 'ledger_entry_id'])
        .where('trans_id', '=', 'share-genuine')
        .executeTakeFirstOrThrow();
      expect(row.verdict).toBe('credited');
      expect(row.ledger_entry_id).not.toBeNull();
    });

    it('a postback of ~40 parameters of 1,900 characters stores params and raw_url of at most 2048 characters', async () => {
      // Within what a real request can carry: a URL under Node's 16 KB of headers, a body under 64 KB.
      const cases = [
        { label: 'plain', fill: 'a', inUrl: 8, inBody: 32 },
        // Characters JSON must escape: the stored parameters are JSON.
        { label: 'quotes', fill: '"\\', inUrl: 2, inBody: 11 },
      ];
      const stored: Array<{ label: string; params: number; rawUrl: number }> = [];
      for (const c of cases) {
        const value = c.fill.repeat(1900 / c.fill.length);
        const query = new URLSearchParams({ trans_id: `size-${c.label}` });
        for (let i = 0; i < c.inUrl; i++) query.set(`p${String(i).padStart(2, '0')}`, value);
        const body = new URLSearchParams({ trans_id: `size-${c.label}` });
        for (let i = 0; i < c.inBody; i++) body.set(`q${String(i).padStart(2, '0')}`, value);
        expect(`/api/postback/cpx?${query}`.length).toBeLessThan(16 * 1024);
        expect(body.toString().length).toBeLessThan(64 * 1024);

        const res = await inject({
          method: 'POST',
          url: `/api/postback/cpx?${query}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: body.toString(),
          remoteAddress: SIZE_ADDRESS,
        });
        // Parameters in both places are refused, and the refusal is stored within the bound.
        expect([res.statusCode, res.body], c.label).toEqual([
          400,
          'Send the parameters in the query string or in the body, not both',
        ]);
        const row = await t.deps.db
          .selectFrom('postbacks')
          .select(['params', 'raw_url', 'verdict'])
          .where('wall_slug', '=', 'cpx')
          .where('trans_id', '=', `size-${c.label}`)
          .executeTakeFirstOrThrow();
        expect(row.verdict).toBe('invalid');
        stored.push({ label: c.label, params: row.params.length, rawUrl: row.raw_url!.length });
      }
      const tooLong = stored.filter((r) => r.params > 2048 || r.rawUrl > 2048);
      expect(tooLong, JSON.stringify(stored)).toEqual([]);
    });
  });

  describe('retention', () => {
    beforeAll(async () => {
      await patchWallOk('cpx', { allowedIps: [] });
    });

    it('prunePostbackLog removes exactly the expiring rows older than 90 days and keeps the rest', async () => {
      expect(t.deps.env.POSTBACK_LOG_DAYS).toBe(90);
      const cpx = SCHEMES.find((s) => s.slug === 'cpx')!;
      const now = t.clock.now();
      const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

      // Real postbacks 91 days ago: a refusal (goes) and a credit (stays).
      await whileClockBack(t.clock, 91 * DAY_MS, async () => {
        const refused = await inject({
          method: 'GET',
          ...postbackRequest(cpx, 'retention-real-refused', 1002, { signature: md5('nope') }),
          remoteAddress: RETENTION_ADDRESS,
        });
        expect(refused.statusCode).toBe(403);
        const credited = await inject({
          method: 'GET',
          ...postbackRequest(cpx, 'retention-real-credited', 1002, { secret: secrets.cpx! }),
          remoteAddress: RETENTION_ADDRESS,
        });
        expect([credited.statusCode, credited.body]).toEqual([200, '1']);
      });

      // Every verdict at 89 and 91 days, a minute either side of 90 days, with and without a ledger entry.
      const ages: Array<[label: string, ms: number]> = [
        ['89d', 89 * DAY_MS],
        ['91d', 91 * DAY_MS],
        ['90d-1min', 90 * DAY_MS - 60_000],
        ['90d+1min', 90 * DAY_MS + 60_000],
      ];
      const expectedGone = ['retention-real-refused'];
      for (const verdict of postbackVerdicts) {
        for (const [label, ms] of ages) {
          for (const ledgerEntryId of [null, 987_654]) {
            const trans = `retention-${verdict}-${label}-${ledgerEntryId ? 'ledger' : 'none'}`;
            await t.deps.db
              .insertInto('postbacks')
              .values({
                wall_slug: 'cpx',
                trans_id: trans,
                user_id: null,
                action: null,
                params: '{}',
                signature: null,
                raw_url: null,
                ip: RETENTION_ADDRESS,
                verdict,
                amount: null,
                reason: null,
                ledger_entry_id: ledgerEntryId,
                created_at: ago(ms),
              })
              .execute();
            if (EXPIRING.includes(verdict) && ms > 90 * DAY_MS && ledgerEntryId === null)
              expectedGone.push(trans);
          }
        }
      }
      expect(expectedGone).toHaveLength(1 + EXPIRING.length * 2);

      const allRows = async () =>
        (await t.deps.db.selectFrom('postbacks').select(['id', 'trans_id']).execute()).map(
          (r) => `${r.id}:${r.trans_id}`,
        );
      const before = await allRows();
      expect(await prunePostbackLog(t.deps)).toBe(expectedGone.length);
      const after = new Set(await allRows());
      const gone = before.filter((r) => !after.has(r)).map((r) => r.slice(r.indexOf(':') + 1));
      expect(gone.sort()).toEqual([...expectedGone].sort());
      expect(after.size).toBe(before.length - expectedGone.length);

      // Kept whatever their age: held, credited, anything with a ledger entry.
      const kept = await t.deps.db
        .selectFrom('postbacks')
        .select(['trans_id', 'verdict', 'ledger_entry_id'])
        .where('trans_id', 'in', [
          'retention-held-91d-none',
          'retention-credited-91d-none',
          'retention-bad_signature-91d-ledger',
          'retention-real-credited',
        ])
        .orderBy('trans_id')
        .execute();
      expect(kept.map((r) => r.trans_id)).toEqual([
        'retention-bad_signature-91d-ledger',
        'retention-credited-91d-none',
        'retention-held-91d-none',
        'retention-real-credited',
      ]);
      expect(kept.find((r) => r.trans_id === 'retention-real-credited')).toMatchObject({
        verdict: 'credited',
      });

      expect(await prunePostbackLog(t.deps)).toBe(0);
      expect(await allRows()).toEqual([...after]);
    });
  });
});

describe(`which X-Forwarded-For is believed (TRUST_PROXY) on ${testEngine}`, () => {
  const apps: TestApp[] = [];
  let n = 0;

  async function appWith(env: Record<string, string>): Promise<TestApp> {
    const app = await createTestApp({ env });
    apps.push(app);
    expect((await app.login('AliceRBX')).status).toBe(200);
    return app;
  }
  /** A postback CPX really signs (the cpx wall keeps CPX's addresses): what counts is where it came from. */
  async function cpxPostback(a: TestApp, remoteAddress: string, forwardedFor?: string) {
    const trans = `xff-${n++}`;
    const newest = async () =>
      a.deps.db
        .selectFrom('postbacks')
        .select(['id', 'verdict', 'ip', 'params'])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    const lastBefore = (await newest())?.id ?? 0;
    const res = await a.app.inject({
      method: 'GET',
      url: `/api/postback/cpx?status=1&trans_id=${trans}&user_id=1001&amount_local=2&amount_usd=0.02&hash=${md5(`${trans}-${CPX_ENV_SECRET}`)}`,
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
    // The stored row (a refusal by address is stored before its transaction id is read).
    const row = await newest();
    expect(row && row.id > lastBefore && JSON.parse(row.params).trans_id === trans).toBe(true);
    return { status: res.statusCode, verdict: row?.verdict, ip: row?.ip };
  }
  const credited = { status: 200, verdict: 'credited', ip: CPX_ADDRESS };
  const refusedFrom = (ip: string) => ({ status: 403, verdict: 'forbidden_address', ip });

  afterAll(async () => {
    for (const a of apps) {
      await expectInvariant(a.deps.db);
      await a.close();
    }
  });

  it('by default a proxy on the same host is believed: 127.0.0.1 with X-Forwarded-For 188.40.3.73 counts as 188.40.3.73', async () => {
    const a = await appWith({});
    expect(await cpxPostback(a, '127.0.0.1', CPX_ADDRESS)).toEqual(credited);
    expect(await cpxPostback(a, '127.0.0.1')).toEqual(refusedFrom('127.0.0.1'));
    // A client that connects directly cannot name its own address.
    expect(await cpxPostback(a, '203.0.113.50', CPX_ADDRESS)).toEqual(refusedFrom('203.0.113.50'));
    // Behind the proxy, an address the client put in front of its own is not believed either.
    expect(await cpxPostback(a, '127.0.0.1', `${CPX_ADDRESS}, 203.0.113.51`)).toEqual(
      refusedFrom('203.0.113.51'),
    );
  });

  it('with TRUST_PROXY=none the header is ignored: the CPX postback is refused 403 forbidden_address', async () => {
    const a = await appWith({ TRUST_PROXY: 'none' });
    expect(await cpxPostback(a, '127.0.0.1', CPX_ADDRESS)).toEqual(refusedFrom('127.0.0.1'));
    expect(await cpxPostback(a, CPX_ADDRESS)).toEqual(credited);
  });

  it('with TRUST_PROXY=10.0.0.5 a request from 10.0.0.5 is believed, one from 10.0.0.6 is not', async () => {
    const a = await appWith({ TRUST_PROXY: '10.0.0.5' });
    expect(await cpxPostback(a, '10.0.0.5', CPX_ADDRESS)).toEqual(credited);
    expect(await cpxPostback(a, '10.0.0.6', CPX_ADDRESS)).toEqual(refusedFrom('10.0.0.6'));
    // The loopback is no longer trusted once TRUST_PROXY names the proxy.
    expect(await cpxPostback(a, '127.0.0.1', CPX_ADDRESS)).toEqual(refusedFrom('127.0.0.1'));
  });
});

describe(`a signed URL cannot carry other values in a body on ${testEngine}`, () => {
  const ORIGIN = 'https://rewards.example';
  const NOTIK_SECRET = 'notik-secret-for-body-test';
  const ADGEM_SECRET = 'adgem-secret-for-body-test';
  const NOTIK_ADDRESS = '192.53.121.112';

  const balanceOf = async (robloxId: number) =>
    Number(
      (
        await t.deps.db
          .selectFrom('users')
          .select('balance')
          .where('roblox_id', '=', robloxId)
          .executeTakeFirstOrThrow()
      ).balance,
    );

  openTestApp({ env: { PUBLIC_URL: ORIGIN } });
  beforeAll(async () => {
    await t.login('AliceRBX');
    await t.login('BobBuilder');
    await configureWall(t.deps.db, 'notik', { secret: NOTIK_SECRET, active: 1 });
    await configureWall(t.deps.db, 'adgem', { secret: ADGEM_SECRET, active: 1, any_address: 1 });
  });

  it('a genuine Notik URL re-sent as a POST with another player, amount and transaction credits nothing', async () => {
    const path =
      '/api/postback/notik?user_id=1001&amount=1&payout=0.01&offer_id=o&offer_name=x&txn_id=GENUINE1' +
      '&conversion_ip=1.2.3.4&currency_name=Robux&event_id=e&rewarded_txn_id=';
    const url = `${path}&hash=${hmacHex('sha1', NOTIK_SECRET, ORIGIN + path)}`;
    const genuine = await t.app.inject({ method: 'GET', url, remoteAddress: NOTIK_ADDRESS });
    expect([genuine.statusCode, genuine.body]).toEqual([200, 'OK']);
    const bob = await balanceOf(1002);
    for (let i = 0; i < 5; i++) {
      const forged = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: NOTIK_ADDRESS,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `user_id=1002&amount=40&payout=1&txn_id=FORGED-${i}`,
      });
      expect(forged.statusCode).toBe(400);
    }
    expect(await balanceOf(1002)).toBe(bob);
  });

  it('an AdGem URL with a JSON body, or a body alone, credits nothing', async () => {
    const path =
      '/api/postback/adgem?player_id=1001&amount=1&payout=0.01&transaction_id=AG-GENUINE&campaign_id=c' +
      '&goal_id=g&offer_name=x&ip=1.2.3.4&request_id=r1';
    const url = `${path}&verifier=${hmacHex('sha256', ADGEM_SECRET, ORIGIN + path)}`;
    expect((await t.app.inject({ method: 'GET', url })).body).toBe('OK');
    const bob = await balanceOf(1002);
    const withBody = await t.app.inject({
      method: 'POST',
      url,
      payload: { player_id: '1002', amount: 45, payout: 1, transaction_id: 'AG-FORGED' },
    });
    expect(withBody.statusCode).toBe(400);
    const bodyOnly = await t.app.inject({
      method: 'POST',
      url: '/api/postback/adgem',
      payload: { player_id: '1002', amount: 45, payout: 1, transaction_id: 'AG-FORGED-2', verifier: 'x' },
    });
    expect(bodyOnly.statusCode).toBe(400);
    expect(await balanceOf(1002)).toBe(bob);
    await expectInvariant(t.deps.db);
  });
});

describe(`an IPv6 /64 counts as one caller on ${testEngine}`, () => {
  openTestApp({ env: { RATE_LIMIT_LOGIN_PER_MINUTE: '5' } });
  beforeAll(async () => {
    // Refusals are what is counted here: the two walls take postbacks (from any address), and refuse these.
    for (const slug of ['lootably', 'adgem'])
      await configureWall(t.deps.db, slug, { active: 1, any_address: 1 });
  });
  const inNet = (i: number) => `2001:db8:77:1:${(i + 1).toString(16)}::${(i * 7 + 3).toString(16)}`;

  it('sign-ins from rotating addresses inside one /64 share one limit; another /64 has its own', async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'AliceRBX' },
        remoteAddress: inNet(i),
      });
      answers.push(res.statusCode);
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(5);
    expect(answers.slice(5).every((s) => s === 429)).toBe(true);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'AliceRBX' },
      remoteAddress: '2001:db8:78:1::1',
    });
    expect(other.statusCode).toBe(200);
  });

  it('refused postbacks from 200 addresses of one /64 store at most 60 rows', async () => {
    const count = () => countRows(t.deps.db, 'postbacks', 'wall_slug', 'lootably');
    const before = await count();
    for (let i = 0; i < 200; i++) {
      await t.app.inject({
        method: 'GET',
        url: `/api/postback/lootably?userID=1001&transactionID=v6-${i}&currencyReward=5&status=1&hash=bad`,
        remoteAddress: `2001:db8:99:5:${(i + 1).toString(16)}::1`,
      });
    }
    const stored = (await count()) - before;
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThanOrEqual(60);
  });

  it('refusals from 700 different networks store at most 600 rows for one wall a minute', async () => {
    const count = () => countRows(t.deps.db, 'postbacks', 'wall_slug', 'adgem');
    for (let i = 0; i < 700; i += 100) {
      await Promise.all(
        Array.from({ length: 100 }, (_, j) =>
          t.app.inject({
            method: 'GET',
            url: `/api/postback/adgem?player_id=1001&transaction_id=w-${i + j}&amount=1&verifier=bad`,
            remoteAddress: `198.18.${Math.floor((i + j) / 250)}.${(i + j) % 250}`,
          }),
        ),
      );
    }
    expect(await count()).toBe(600);
  });
});
