import type { AdminWall } from '@rewards/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie } from './support/admin.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';
import { expectInvariant } from './support/ledger.ts';
import { hmacHex, md5, sha256 } from './support/postbacks.ts';

// Each provider's postback is built here from docs/spec/providers.md, as the provider builds it:
// the wall's postback URL (as the admin console shows it) with the provider's macros filled in, then
// what the provider appends, signed with this file's own hashing (never the server's helpers).

const ORIGIN = 'https://rewards.example';
/** An address no wall allows. */
const OUTSIDE = '203.0.113.99';
const ALICE = 1001;
const BOB = 1002;

/** A value as a provider writes it into a URL: percent-encoded, a space as `+`. */
const enc = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');

/** PHP's urlencode: A-Za-z0-9 and -_. stay, a space is +, every other byte %XX (upper case). */
const phpUrlencode = (v: string) =>
  [...Buffer.from(v, 'utf8')]
    .map((b) => {
      const c = String.fromCharCode(b);
      if (/[A-Za-z0-9_.-]/.test(c)) return c;
      return b === 0x20 ? '+' : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

/** A parameter of a URL replaced (after signing: tampering). */
const setParam = (url: string, name: string, value: string) => {
  const re = new RegExp(`([?&]${name}=)[^&]*`);
  if (!re.test(url)) throw new Error(`no ${name} in ${url}`);
  return url.replace(re, `$1${enc(value)}`);
};

interface Conversion {
  user: number;
  tx: string;
  /** R$ (the provider's currency field) and USD, as the provider writes them. */
  robux: string;
  usd: string;
  /** `credit`, `reversal`, or one of the provider's non-crediting events. */
  event: string;
}
interface Signed {
  url: string;
  headers: Record<string, string>;
}
type Macros = Record<string, string>;

interface Provider {
  slug: string;
  /** The exact answer body the provider expects. */
  body: '1' | 'OK';
  /** An address the wall allows. */
  from: string;
  secret: string;
  /** The values of the postback URL's macros, a signature macro included. */
  macros(c: Conversion, secret: string): Macros;
  /** What the provider appends to the URL by itself (parameters, a signature header). */
  append?(url: string, secret: string, c: Conversion): Signed;
  /**
   * Parameters changed after signing, and what refuses them: the signature when it covers them,
   * else the allow-list (the tampered postback then comes from outside it).
   */
  tamper: { params: Record<string, string>; by: 'signature' | 'allow-list'; note: string };
  /** The wall's default allow-list (providers.md), when it has one. */
  published?: string[];
  /** A postback with the wrong signature (default: signed with the wrong secret). */
  forge?(c: Conversion): Signed;
  reverses: boolean;
  /** Events that must answer the success body and credit nothing. */
  ignored?: string[];
}

const neg = (v: string) => `-${v}`;
const rev = (c: Conversion) => c.event === 'reversal';

const lootably: Provider = {
  slug: 'lootably',
  body: '1',
  from: '198.51.100.7',
  secret: 'lootably-secret-1',
  // hash = sha256(userID + ip + revenue + currencyReward + secret); status 1 credit, 0 chargeback.
  macros: (c, secret) => ({
    '{userID}': String(c.user),
    '{transactionID}': c.tx,
    '{ip}': '81.2.69.142',
    '{offerName}': 'Spin & win: level 5',
    '{offerID}': 'of-77',
    '{revenue}': c.usd,
    '{currencyReward}': c.robux,
    '{status}': rev(c) ? '0' : '1',
    '{hash}': sha256(`${c.user}81.2.69.142${c.usd}${c.robux}${secret}`),
  }),
  tamper: { params: { currencyReward: '900' }, by: 'signature', note: 'the hash covers it' },
  reverses: true,
};

const adgem: Provider = {
  slug: 'adgem',
  body: 'OK',
  from: '198.51.100.8',
  secret: 'adgem-postback-key',
  macros: (c) => ({
    '{player_id}': String(c.user),
    '{amount}': c.event === 'install' ? '0' : c.robux,
    '{payout}': c.event === 'install' ? '0' : c.usd,
    '{transaction_id}': c.tx,
    '{campaign_id}': '4242',
    '{goal_id}': '7',
    '{offer_name}': 'Install & reach level 10',
    '{ip}': '81.2.69.142',
  }),
  // AdGem appends request_id, then verifier = HMAC-SHA256(full URL without verifier, Postback Key);
  // an install goal comes with amount 0 and nonpayable_install_goal=true (read: AdGem adds the flag).
  append(url, secret, c) {
    const flagged = c.event === 'install' ? `${url}&nonpayable_install_goal=true` : url;
    const signed = `${flagged}&request_id=req-${c.tx}`;
    return { url: `${signed}&verifier=${hmacHex('sha256', secret, signed)}`, headers: {} };
  },
  tamper: { params: { amount: '900' }, by: 'signature', note: 'the verifier covers the whole URL' },
  reverses: false, // AdGem documents no reversal
  ignored: ['install'],
};

const torox: Provider = {
  slug: 'torox',
  body: '1',
  from: '54.175.173.245',
  secret: 'torox-secret-key',
  // sig = md5(oid-user_id-secret); a reversal is a negative amount with the same id.
  macros: (c, secret) => ({
    '{id}': c.tx,
    '{oid}': '9911',
    '{amount}': rev(c) ? neg(c.robux) : c.robux,
    '{currency_name}': 'Robux',
    '{user_id}': String(c.user),
    '{payout}': rev(c) ? neg(c.usd) : c.usd,
    '{o_name}': 'Merge Dragons - reach level 8',
    '{ip_address}': '81.2.69.142',
    '{sig}': md5(`9911-${c.user}-${secret}`),
  }),
  // sig does not cover the amount (the allow-list guards it): tamper with the user, which it covers.
  tamper: { params: { user_id: String(BOB) }, by: 'signature', note: 'sig covers user_id (not the amount)' },
  published: ['54.175.173.245'],
  reverses: true,
};

const adgate: Provider = {
  slug: 'adgate',
  body: 'OK',
  from: '52.42.57.125',
  secret: 'adgate/token+42',
  // Nothing signed: the postback URL carries token=<secret>; state approved / rejected / pending.
  macros: (c) => ({
    '{s1}': String(c.user),
    '{points}': c.robux,
    '{payout}': c.usd,
    '{vc_title}': 'Survey: your shopping habits',
    '{conversion_id}': c.tx,
    '{state}': { credit: 'approved', reversal: 'rejected', pending: 'pending' }[c.event]!,
    '{event_id}': '3',
  }),
  tamper: { params: { points: '900', s1: String(BOB) }, by: 'allow-list', note: 'AdGate signs nothing' },
  published: ['52.42.57.125'],
  forge: (c) => {
    const s = build(adgate, c);
    return { ...s, url: setParam(s.url, 'token', 'adgate/token+43') };
  },
  reverses: true,
  ignored: ['pending'],
};

const notik: Provider = {
  slug: 'notik',
  body: 'OK',
  from: '158.69.116.45',
  secret: 'notik-app-secret',
  // A reversal: negative amount and payout, its own txn_id, rewarded_txn_id = the original.
  macros: (c) => ({
    '{user_id}': String(c.user),
    '{amount}': rev(c) ? neg(c.robux) : c.robux,
    '{payout}': rev(c) ? neg(c.usd) : c.usd,
    '{offer_id}': '5150',
    '{offer_name}': 'Coin Master (new users)',
    '{txn_id}': rev(c) ? `${c.tx}-rev` : c.tx,
    '{conversion_ip}': '81.2.69.142',
    '{currency_name}': 'Robux',
    '{event_id}': '',
    '{rewarded_txn_id}': rev(c) ? c.tx : '',
  }),
  // hash = HMAC-SHA1(full URL up to &hash=, App Secret).
  append: (url, secret) => ({ url: `${url}&hash=${hmacHex('sha1', secret, url)}`, headers: {} }),
  tamper: { params: { amount: '900' }, by: 'signature', note: 'the hash covers the whole URL' },
  published: ['192.53.121.112', '158.69.116.45'],
  reverses: true,
};

const cpx: Provider = {
  slug: 'cpx',
  body: '1',
  from: '2a01:4f8:d0a:30ff::2',
  secret: 'test-cpx-secret', // CPX_SECURE_HASH: the wall has no secret of its own
  // hash = md5(trans_id-secret); status 1 completed, 2 cancelled.
  macros: (c, secret) => ({
    '{status}': rev(c) ? '2' : '1',
    '{trans_id}': c.tx,
    '{user_id}': String(c.user),
    '{amount_local}': c.robux,
    '{amount_usd}': c.usd,
    '{offer_ID}': '12',
    '{ip_click}': '81.2.69.142',
    '{type}': rev(c) ? 'out' : 'complete',
    '{secure_hash}': md5(`${c.tx}-${secret}`),
  }),
  tamper: {
    params: { amount_local: '900', user_id: String(BOB) },
    by: 'allow-list',
    note: 'hash covers trans_id only',
  },
  published: ['188.40.3.73', '157.90.97.92', '2a01:4f8:d0a:30ff::2'],
  reverses: true,
};

const bitlabs: Provider = {
  slug: 'bitlabs',
  body: 'OK',
  from: '20.76.54.43', // inside 20.76.54.40/29
  secret: 'bitlabs-app-secret',
  // A reconciliation: its own tx, a negative value, REF = the original; a screen-out of 0 pays nothing.
  macros: (c) => ({
    '[%USER:UID%]': String(c.user),
    '[%VALUE:CURRENCY%]': { credit: c.robux, reversal: neg(c.robux), screenout: '0' }[c.event]!,
    '[%VALUE:USD%]': { credit: c.usd, reversal: neg(c.usd), screenout: '0' }[c.event]!,
    '[%TX%]': rev(c) ? `${c.tx}-rec` : c.tx,
    '[%USER:IP_ADDRESS%]': '81.2.69.142',
    '[%REF%]': rev(c) ? c.tx : '',
    '[%OFFER:NAME%]': 'Survey about cars & trucks',
    '[%TYPE%]': { credit: 'COMPLETE', reversal: 'RECONCILIATION', screenout: 'SCREENOUT' }[c.event]!,
  }),
  // hash = HMAC-SHA1(the whole URL as sent, up to &hash=, App Secret).
  append: (url, secret) => ({ url: `${url}&hash=${hmacHex('sha1', secret, url)}`, headers: {} }),
  tamper: { params: { val: '900' }, by: 'signature', note: 'the hash covers the whole URL' },
  published: ['20.76.54.40/29', '18.199.243.90', '18.157.62.114', '18.193.24.206'],
  reverses: true,
  ignored: ['screenout'],
};

const ayet: Provider = {
  slug: 'ayet',
  body: 'OK',
  from: '35.166.159.131',
  secret: 'ayet-publisher-api-key',
  // A chargeback: is_chargeback=1, negative amount, transaction id `r-<original>`.
  macros: (c) => ({
    '{external_identifier}': String(c.user),
    '{currency_amount}': rev(c) ? neg(c.robux) : c.robux,
    '{payout_usd}': rev(c) ? neg(c.usd) : c.usd,
    '{transaction_id}': rev(c) ? `r-${c.tx}` : c.tx,
    '{is_chargeback}': rev(c) ? '1' : '0',
    '{chargeback_reason}': rev(c) ? 'Fraud (advertiser) – 100% ~sure' : '',
  }),
  // Header = HMAC-SHA256 of every query parameter, sorted by name, as PHP's http_build_query.
  append(url, secret) {
    const params = [...new URLSearchParams(url.slice(url.indexOf('?') + 1))];
    const text = params
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${phpUrlencode(k)}=${phpUrlencode(v)}`)
      .join('&');
    return { url, headers: { 'X-Ayetstudios-Security-Hash': hmacHex('sha256', secret, text) } };
  },
  tamper: { params: { currency_amount: '900' }, by: 'signature', note: 'the header covers every parameter' },
  published: '51.79.101.241 158.69.185.134 158.69.185.154 35.165.166.40 35.166.159.131 52.40.3.140'.split(
    ' ',
  ),
  reverses: true,
};

const PROVIDERS = [lootably, adgem, torox, adgate, notik, cpx, bitlabs, ayet];

/** The parameter each provider sends its USD payout in (providers.md). */
const USD_PARAM: Record<string, string> = {
  lootably: 'revenue',
  adgem: 'payout',
  torox: 'payout',
  adgate: 'payout',
  notik: 'payout',
  cpx: 'amount_usd',
  bitlabs: 'usd',
  ayet: 'payout_usd',
};

/** Credit events carrying a negative figure, and the refusal the postback log must give. */
const NEGATIVE_AMOUNT = {
  figure: 'R$ amount',
  over: { robux: '-50', usd: '0.5' },
  reason: 'A credit with a negative R$ amount (-50) is refused',
};
const NEGATIVE_PAYOUT = {
  figure: 'USD payout',
  over: { robux: '50', usd: '-0.5' },
  reason: 'A credit with a negative USD payout (-0.5) is refused',
};

/** postbackUrl of each wall, as GET /api/admin/walls gives it. */
const templates = new Map<string, string>();

/**
 * The provider's postback: its postback URL with the macros filled in, then what it appends. `drop`:
 * a parameter the URL leaves out.
 */
function build(p: Provider, c: Conversion, secret = p.secret, drop?: string): Signed {
  const values = p.macros(c, secret);
  let template = templates.get(p.slug)!;
  if (drop !== undefined) template = template.replace(new RegExp(`&${drop}=[^&]*`), '');
  const url = template.replace(/\{\w+\}|\[%[\w:]+%\]/g, (m) => {
    if (values[m] === undefined) throw new Error(`${p.slug}: no value for the macro ${m}`);
    return enc(values[m]);
  });
  return p.append ? p.append(url, secret, c) : { url, headers: {} };
}

let seq = 0;
const conversion = (p: Provider, over: Partial<Conversion> = {}): Conversion => ({
  user: ALICE,
  tx: `${p.slug}-tx-${++seq}`,
  robux: '12.5',
  usd: '0.125',
  event: 'credit',
  ...over,
});

describe(`provider postback schemes on ${testEngine}`, () => {
  let t: TestApp;
  let cookie: string;

  const send = (s: Signed, remoteAddress?: string) => {
    expect(s.url.startsWith(`${ORIGIN}/api/postback/`)).toBe(true);
    const url = s.url.slice(ORIGIN.length);
    // Without remoteAddress, app.inject's caller is 127.0.0.1.
    return t.app.inject({ method: 'GET', url, headers: s.headers, remoteAddress });
  };
  const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } });

  async function balance(robloxId: number) {
    const q = t.deps.db.selectFrom('users').select('balance').where('roblox_id', '=', robloxId);
    return Number((await q.executeTakeFirstOrThrow()).balance);
  }
  const entries = (key: string) =>
    t.deps.db.selectFrom('ledger_entries').selectAll().where('idempotency_key', '=', key).execute();
  async function verdicts(slug: string, tx: string) {
    const q = t.deps.db.selectFrom('postbacks').select('verdict').where('wall_slug', '=', slug);
    return (await q.where('trans_id', '=', tx).orderBy('id').execute()).map((r) => r.verdict);
  }
  async function reasons(slug: string, tx: string) {
    const q = t.deps.db.selectFrom('postbacks').select('reason').where('wall_slug', '=', slug);
    return (await q.where('trans_id', '=', tx).orderBy('id').execute()).map((r) => r.reason);
  }
  const balances = async () => [await balance(ALICE), await balance(BOB)];
  /** Sends a postback that must move no money: its one stored verdict; held or ignored answer success. */
  async function expectNoCredit(verdict: string, p: Provider, c: Conversion, s: Signed, from?: string) {
    const before = await balances();
    const res = await send(s, from);
    if (verdict === 'held' || verdict === 'ignored')
      expect([res.statusCode, res.body]).toEqual([200, p.body]);
    else expect(res.statusCode).toBe(verdict === 'invalid' ? 400 : 403);
    expect(await verdicts(p.slug, c.tx)).toEqual([verdict]);
    expect(await entries(`postback:${p.slug}:${c.tx}`)).toHaveLength(0);
    expect(await balances()).toEqual(before);
  }
  async function expectCreditedOnce(p: Provider, c: Conversion, before: number) {
    const credits = await entries(`postback:${p.slug}:${c.tx}`);
    const cents = Math.round(Number(c.robux) * 100);
    expect(credits).toHaveLength(1);
    expect(Number(credits[0]!.amount)).toBe(cents);
    expect(await balance(c.user)).toBe(before + cents);
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
    cookie = await adminCookie(t);
    const players = { AliceRBX: ALICE, BobBuilder: BOB, CarolPlays: 1003, DaveTheBrave: 1004 };
    for (const name of Object.keys(players)) expect((await t.login(name)).status).toBe(200);
    const users = await t.deps.db.selectFrom('users').select(['username', 'roblox_id']).execute();
    expect(Object.fromEntries(users.map((u) => [u.username, Number(u.roblox_id)]))).toEqual(players);

    const wall = { slug: 'ayet', name: 'ayeT Studios', kind: 'offerwall', postbackScheme: 'ayet' };
    const created = await admin('POST', '/api/admin/walls', {
      ...wall,
      amountMode: 'local',
      rate: 100,
      secret: ayet.secret,
    });
    expect(created.statusCode).toBe(201);
    for (const p of PROVIDERS) {
      if (p.slug === 'cpx' || p.slug === 'ayet') continue;
      // The shipped walls start inactive; the operator sets the secret and enables each.
      const patch: Record<string, unknown> = { secret: p.secret, active: true };
      // Lootably and AdGem publish no addresses; the operator pins their sender.
      if (p.slug === 'lootably' || p.slug === 'adgem') patch.allowedIps = [p.from];
      const res = await admin('PATCH', `/api/admin/walls/${p.slug}`, patch);
      expect(res.statusCode).toBe(200);
    }
    const walls: AdminWall[] = (await admin('GET', '/api/admin/walls')).json().walls;
    for (const w of walls) templates.set(w.slug, w.postbackUrl);
    for (const p of PROVIDERS.filter((x) => x.published))
      expect(walls.find((w) => w.slug === p.slug)?.allowedIps).toEqual(p.published);
    expect(templates.get('adgate')).toContain(`token=${encodeURIComponent(adgate.secret)}`);
  });
  afterEach(async () => {
    await expectInvariant(t.deps.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe.each(PROVIDERS)('$slug', (p) => {
    it('credits a postback signed as the provider signs it, from an allowed address, once', async () => {
      expect(templates.get(p.slug)).toMatch(new RegExp(`^${ORIGIN}/api/postback/${p.slug}\\?`));
      const c = conversion(p);
      const before = await balance(ALICE);
      const res = await send(build(p, c), p.from);
      expect([res.statusCode, res.body]).toEqual([200, p.body]);
      await expectCreditedOnce(p, c, before);
      expect(await verdicts(p.slug, c.tx)).toEqual(['credited']);
    });

    it('the same postback again, and ten at once, still credit once', async () => {
      const c = conversion(p, { robux: '7.25', usd: '0.0725' });
      const before = await balance(ALICE);
      const signed = build(p, c);
      expect((await send(signed, p.from)).body).toBe(p.body);
      const again = await Promise.all(Array.from({ length: 10 }, () => send(signed, p.from)));
      for (const res of [await send(signed, p.from), ...again])
        expect([res.statusCode, res.body]).toEqual([200, p.body]);
      await expectCreditedOnce(p, c, before);
      expect(await verdicts(p.slug, c.tx)).toEqual(['credited', ...Array<string>(11).fill('duplicate')]);
    });

    if (p.reverses) {
      it('takes a credit back once when the provider reverses it', async () => {
        const c = conversion(p, { robux: '20', usd: '0.2' });
        const before = await balance(ALICE);
        expect((await send(build(p, c), p.from)).body).toBe(p.body);
        expect(await balance(ALICE)).toBe(before + 2000);
        const reversal = build(p, { ...c, event: 'reversal' });
        const res = await send(reversal, p.from);
        expect([res.statusCode, res.body]).toEqual([200, p.body]);
        const repeats = await Promise.all(Array.from({ length: 3 }, () => send(reversal, p.from)));
        for (const r of repeats) expect([r.statusCode, r.body]).toEqual([200, p.body]);
        const taken = await entries(`reversal:${p.slug}:${c.tx}`);
        expect(taken).toHaveLength(1);
        expect(Number(taken[0]!.amount)).toBe(-2000);
        expect(await entries(`postback:${p.slug}:${c.tx}`)).toHaveLength(1);
        expect(await balance(ALICE)).toBe(before);
        const v = ['credited', 'reversed', 'duplicate', 'duplicate', 'duplicate'];
        expect(await verdicts(p.slug, c.tx)).toEqual(v);
      });
    }

    const { params, by, note } = p.tamper;
    it(`refuses a postback whose ${Object.keys(params).join(' and ')} changed after signing (403): ${note}`, async () => {
      const c = conversion(p);
      const s = build(p, c);
      let url = s.url;
      for (const [name, value] of Object.entries(params)) url = setParam(url, name, value);
      if (by === 'signature') await expectNoCredit('bad_signature', p, c, { ...s, url }, p.from);
      else await expectNoCredit('forbidden_address', p, c, { ...s, url }, OUTSIDE);
    });

    it(`refuses a wrong signature${p.slug === 'adgate' ? ' (a wrong token)' : ''} with 403, crediting nothing`, async () => {
      const c = conversion(p);
      const forged = p.forge ? p.forge(c) : build(p, c, 'not-the-secret-at-all');
      await expectNoCredit('bad_signature', p, c, forged, p.from);
    });

    it('refuses a correctly signed postback from outside the allow-list (403 forbidden_address)', async () => {
      const c = conversion(p);
      await expectNoCredit('forbidden_address', p, c, build(p, c), OUTSIDE);
    });

    it('holds a credit over maxCredit for an admin: approve credits once, reject credits nothing', async () => {
      const heldId = async (c: Conversion) => {
        await expectNoCredit('held', p, c, build(p, c), p.from);
        const list = await admin('GET', `/api/admin/postbacks?verdict=held&wall=${p.slug}`);
        const row = list.json().postbacks.find((r: { transId: string }) => r.transId === c.tx);
        expect(row).toMatchObject({ wall: p.slug, verdict: 'held', amount: Number(c.robux) });
        return row.id as number;
      };
      const before = await balance(ALICE);
      const big = conversion(p, { robux: '1200', usd: '12' });
      const id = await heldId(big);

      const approved = await admin('POST', `/api/admin/postbacks/${id}/approve`);
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ postbackId: id, verdict: 'approved', outcome: 'credited' });
      expect((await admin('POST', `/api/admin/postbacks/${id}/approve`)).statusCode).toBe(409);
      await expectCreditedOnce(p, big, before);

      const other = conversion(p, { robux: '1500', usd: '15' });
      const otherId = await heldId(other);
      const rejected = await admin('POST', `/api/admin/postbacks/${otherId}/reject`);
      expect(rejected.json()).toMatchObject({ postbackId: otherId, verdict: 'rejected', outcome: null });
      expect(await entries(`postback:${p.slug}:${other.tx}`)).toHaveLength(0);
      expect(await balance(ALICE)).toBe(before + 120_000);
    });

    // Torox and Notik signal a reversal by a negative amount: a credit of theirs can only carry a negative payout.
    const negativeCredits =
      p === torox || p === notik ? [NEGATIVE_PAYOUT] : [NEGATIVE_AMOUNT, NEGATIVE_PAYOUT];
    for (const { figure, over, reason } of negativeCredits) {
      it(`refuses a credit with a negative ${figure} (400 invalid, the reason logged), crediting nothing`, async () => {
        const c = conversion(p, over);
        await expectNoCredit('invalid', p, c, build(p, c), p.from);
        expect(await reasons(p.slug, c.tx)).toEqual([reason]);
      });
    }

    it(`holds a credit without its USD payout (${USD_PARAM[p.slug]} absent, then empty) for an admin`, async () => {
      const usdParam = USD_PARAM[p.slug]!;
      for (const drop of [usdParam, undefined]) {
        const c = conversion(p, { usd: '' });
        const s = build(p, c, p.secret, drop);
        expect(s.url.includes(`${usdParam}=`), s.url).toBe(drop === undefined);
        await expectNoCredit('held', p, c, s, p.from);
        expect(await reasons(p.slug, c.tx)).toEqual([
          `R$12.5 without the USD payout (${usdParam}) cannot be checked against this wall's rate of R$100 per USD`,
        ]);
      }
    });

    for (const event of p.ignored ?? []) {
      it(`answers a non-crediting ${event} event with the success body and credits nothing`, async () => {
        const c = conversion(p, { event });
        await expectNoCredit('ignored', p, c, build(p, c), p.from);
      });
    }
  });

  it.each(PROVIDERS.filter((p) => p.published))(
    'with its default allow-list, $slug refuses a correctly signed postback from 127.0.0.1',
    async (p) => {
      const c = conversion(p);
      await expectNoCredit('forbidden_address', p, c, build(p, c));
    },
  );

  it('cpx: holds a credit far above amount_usd × rate', async () => {
    const c = conversion(cpx, { robux: '500', usd: '0.10' });
    await expectNoCredit('held', cpx, c, build(cpx, c), cpx.from);
  });

  it("cpx: refuses a trans_id equal to a player's Roblox id (the frame's secure_hash signs it)", async () => {
    const c = conversion(cpx, { tx: String(BOB) });
    await expectNoCredit('forged', cpx, c, build(cpx, c), cpx.from);
  });
});
