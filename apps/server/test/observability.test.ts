import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionSentenceOf } from './support/players.ts';
import { buildApp } from '../src/app.ts';
import { createDatabase } from '../src/db/database.ts';
import { DATABASE_PING_TIMEOUT_MS } from '../src/modules/health/service.ts';
import { LATENCY_BUCKETS, METRICS_CONTENT_TYPE } from '../src/plugins/metrics.ts';
import { redactUrl } from '../src/plugins/request-logging.ts';
import type { Deps } from '../src/deps.ts';
import { testEngine } from './support/test-database.ts';
import { bearer, createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './support/test-app.ts';
import { priceFor } from './support/gamepasses.ts';
import { cpxPostbackPath, expectPostbackCredited, md5, sendCpxPostback } from './support/postbacks.ts';
import { parseMetrics, samplesOf, type Sample } from './support/metrics.ts';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const CPX_SECRET = 'test-cpx-secret';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  [k: string]: unknown;
}

describe(`observability on ${testEngine}`, () => {
  let t: TestApp;
  /** The same database, stand-in and clock as `t.app`, with info logs captured and METRICS_TOKEN set. */
  let app: FastifyInstance;
  let lines: string[] = [];
  const logs = () => lines.map((l) => JSON.parse(l) as LogLine);
  let deps: Deps;

  beforeAll(async () => {
    t = await createTestApp();
    deps = { ...t.deps, env: { ...t.deps.env, LOG_LEVEL: 'info', METRICS_TOKEN } };
    app = await buildApp(deps, {
      logger: true,
      loggerStream: { write: (line: string) => void lines.push(line) },
    });
    // A route that fails with secrets on the error object, as a careless library might.
    app.get('/api/test-boom', async () => {
      throw Object.assign(new Error('boom'), {
        token: 'tok-in-error-object',
        headers: { authorization: 'Bearer header-in-error-object', cookie: 'admin=cookie-in-error-object' },
      });
    });
    await app.ready();
    lines = [];
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('puts the request id on every line, honours a well-formed x-request-id and echoes it', async () => {
    const given = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a.42:x' },
    });
    expect(given.statusCode).toBe(200);
    expect(given.headers['x-request-id']).toBe('lb-7f3a.42:x');
    const mine = logs().filter((l) => l.reqId === 'lb-7f3a.42:x');
    // One line per request, written when it is answered, with the request and the answer.
    expect(mine.map((l) => l.msg)).toEqual(['request completed']);
    expect(mine[0]!.req).toMatchObject({ method: 'GET', url: '/api/health' });
    expect(mine[0]!.res).toEqual({ statusCode: 200 });
    expect(typeof mine[0]!.responseTime).toBe('number');

    const made = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(made.statusCode).toBe(404);
    expect(made.headers['x-request-id']).toMatch(UUID);

    // Ids that could smuggle text into log lines or headers are replaced, not echoed.
    for (const bad of ['has spaces', 'x'.repeat(129), 'semi;colon', '']) {
      const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }

    // Errors, 404s and validation failures are logged with their request's id too.
    const boom = await app.inject({
      method: 'GET',
      url: '/api/test-boom',
      headers: { 'x-request-id': 'boom-1' },
    });
    expect(boom.statusCode).toBe(500);
    expect(boom.headers['x-request-id']).toBe('boom-1');
    expect(
      logs()
        .filter((l) => l.reqId === 'boom-1')
        .map((l) => l.msg),
    ).toEqual(['unhandled error', 'request completed']);

    const all = logs();
    expect(all.length).toBeGreaterThanOrEqual(8); // one line per request, plus the error line
    for (const line of all) expect(line.reqId, JSON.stringify(line)).toEqual(expect.any(String));
  });

  it('keeps tokens, cookies, passwords and postback signatures out of the logs', async () => {
    lines = [];
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'AliceRBX' } });
    expect(login.statusCode).toBe(200);
    const token: string = login.json().token;
    const me = await app.inject({
      method: 'GET',
      url: '/api/streak-rewards/AliceRBX',
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(200);

    const admin = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: TEST_ADMIN_PASSWORD },
    });
    expect(admin.statusCode).toBe(200);
    const rawCookie = admin.headers['set-cookie'];
    const cookie = (Array.isArray(rawCookie) ? rawCookie[0]! : String(rawCookie)).split(';')[0]!;
    const cookieValue = cookie.split('=')[1]!;
    expect(cookieValue.length).toBeGreaterThan(10);
    const users = await app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } });
    expect(users.statusCode).toBeLessThan(500);

    const hash = md5(`obs-1-${CPX_SECRET}`);
    await expectPostbackCredited({ app }, { trans: 'obs-1', user: 1001, local: '2.50', usd: '0.03' });
    const odd = await app.inject({
      method: 'GET',
      url: '/api/nothing-here?sig=sig-in-query-123&token=tok-in-query-456&Hash=hash-in-query-789&page=2',
    });
    expect(odd.statusCode).toBe(404);
    const boom = await app.inject({ method: 'GET', url: '/api/test-boom', headers: bearer(token) });
    expect(boom.statusCode).toBe(500);

    const text = lines.join('');
    for (const secret of [
      token,
      TEST_ADMIN_PASSWORD,
      cookieValue,
      hash,
      'sig-in-query-123',
      'tok-in-query-456',
      'hash-in-query-789',
      'tok-in-error-object',
      'header-in-error-object',
      'cookie-in-error-object',
      CPX_SECRET,
      'test-payout-cookie',
    ]) {
      expect(text, `"${secret}" is in the logs`).not.toContain(secret);
    }
    // What is left is still useful: the wall, the transaction and the non-secret parameters.
    const urls = logs()
      .map((l) => l.req?.url)
      .filter(Boolean);
    expect(urls).toContain(
      '/api/postback/cpx?status=1&trans_id=obs-1&user_id=1001&amount_local=2.50&amount_usd=0.03&hash=[REDACTED]',
    );
    expect(urls).toContain('/api/nothing-here?sig=[REDACTED]&token=[REDACTED]&Hash=[REDACTED]&page=2');
    const error = logs().find((l) => l.msg === 'unhandled error') as unknown as { err: Record<string, any> };
    expect(error.err.message).toBe('boom');
    expect(error.err.token).toBe('[REDACTED]');
    expect(error.err.headers).toEqual({ authorization: '[REDACTED]', cookie: '[REDACTED]' });
  });

  it('redacts secret query parameters whatever their spelling', () => {
    expect(redactUrl('/api/postback/x')).toBe('/api/postback/x');
    expect(redactUrl('/p?a=1&sig=abc')).toBe('/p?a=1&sig=[REDACTED]');
    expect(redactUrl('/p?SECURE_HASH=abc&x=y&hash')).toBe('/p?SECURE_HASH=[REDACTED]&x=y&hash');
    expect(redactUrl('/p?%68ash=abc')).toBe('/p?%68ash=[REDACTED]');
    expect(redactUrl('/p?api_key=k&password=p&access_token=t&bad=%E0%A4%A')).toBe(
      '/p?api_key=[REDACTED]&password=[REDACTED]&access_token=[REDACTED]&bad=%E0%A4%A',
    );
  });

  it('closes /metrics unless METRICS_TOKEN is set and sent as a bearer token', async () => {
    // t.app runs without METRICS_TOKEN: the path does not exist, whatever is sent.
    for (const headers of [{}, { authorization: `Bearer ${METRICS_TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'No endpoint GET /metrics', code: 'NOT_FOUND' });
    }
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789abcdef',
      `Basic ${METRICS_TOKEN}`,
      `Bearer ${METRICS_TOKEN}x`,
      `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
      METRICS_TOKEN,
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const ok = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe(METRICS_CONTENT_TYPE);
    parseMetrics(ok.body);
  });

  it('counts requests and latencies by route and status, and reports credits and withdrawals by state', async () => {
    // Money and withdrawals first: the database figures are read once per 10 s.
    const { token, body } = await t.login('BobBuilder');
    const robloxId: number = body.user.robloxId;
    for (const trans of ['m-1', 'm-2', 'm-3']) {
      expect((await sendCpxPostback(t, { trans, user: robloxId, local: '40', usd: '0.40' })).body).toBe('1');
    }
    const social = await t.app.inject({
      method: 'POST',
      url: '/api/socials/youtube/claim',
      headers: bearer(token),
    });
    expect(social.statusCode).toBe(200);
    await t.control('PUT', `/users/${robloxId}/description`, {
      description: await sessionSentenceOf(t.deps.db, token),
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/verify-bio', headers: bearer(token) })).statusCode,
    ).toBe(200);
    for (const robux of [7, 9]) {
      const pass = await t.control('POST', '/gamepasses', {
        creatorId: robloxId,
        price: priceFor(robux),
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/withdraw',
        headers: bearer(token),
        payload: { gamepassId: pass.id, amount: robux },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    // The counters belong to the process: what the requests below add is the difference between
    // two scrapes.
    const m = await buildApp(deps, { logger: false });
    await m.ready();
    try {
      const scrape = async () => {
        const res = await m.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
        expect(res.statusCode).toBe(200);
        return parseMetrics(res.body);
      };
      const before = (await scrape()).samples;
      // The requests below, one after the other: together they cannot have taken longer than this.
      const started = performance.now();
      for (let i = 0; i < 3; i++)
        expect((await m.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      for (const path of ['/api/nope', '/api/nope?x=1', '/definitely/not/here']) {
        expect((await m.inject({ method: 'GET', url: path })).statusCode).toBe(404);
      }
      expect(
        (await m.inject({ method: 'POST', url: '/api/login', payload: { username: 42 } })).statusCode,
      ).toBe(400);
      expect(
        (await m.inject({ method: 'GET', url: '/api/streak-rewards/BobBuilder', headers: bearer(token) }))
          .statusCode,
      ).toBe(200);
      const spentSeconds = (performance.now() - started) / 1000;

      const { samples: after, types } = await scrape();
      const valueIn = (samples: Sample[], s: Sample) =>
        samples.find(
          (b) =>
            b.name === s.name &&
            Object.keys(b.labels).length === Object.keys(s.labels).length &&
            Object.entries(s.labels).every(([k, v]) => b.labels[k] === v),
        )?.value ?? 0;
      // Each sample of the second scrape less its value in the first (the scrape itself included).
      const samples = after.map((s) => ({ ...s, value: s.value - valueIn(before, s) }));
      expect(types.get('http_request_duration_seconds')).toBe('histogram');
      expect(types.get('rewards_ledger_credits_total')).toBe('counter');
      expect(types.get('rewards_withdrawals')).toBe('gauge');
      // prom-client's default metrics, under their standard names.
      expect(types.get('process_cpu_seconds_total')).toBe('counter');
      expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
      expect(types.get('nodejs_gc_duration_seconds')).toBe('histogram');

      const count = (labels: Record<string, string>) =>
        samplesOf(samples, 'http_request_duration_seconds_count', labels).reduce((n, s) => n + s.value, 0);
      expect(count({ method: 'GET', route: '/api/health', status_code: '200' })).toBe(3);
      // Unknown paths share one label value: no label per URL a scanner makes up.
      expect(count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(3);
      expect(count({ method: 'POST', route: '/api/login', status_code: '400' })).toBe(1);
      expect(count({ method: 'GET', route: '/api/streak-rewards/:username', status_code: '200' })).toBe(1);
      expect(count({ method: 'GET', route: '/metrics', status_code: '200' })).toBe(1);
      expect(
        samples.some((s) => s.labels.route?.includes('nope') || s.labels.route?.includes('BobBuilder')),
      ).toBe(false);

      // The histogram of each series: cumulative buckets in order, +Inf equals the count.
      const series = samplesOf(samples, 'http_request_duration_seconds_count', {}).filter(
        (s) => s.value > 0 && s.labels.route !== '/metrics',
      );
      expect(series.length).toBeGreaterThanOrEqual(4);
      let recordedSeconds = 0;
      for (const s of series) {
        const buckets = samplesOf(samples, 'http_request_duration_seconds_bucket', {
          method: s.labels.method!,
          route: s.labels.route!,
          status_code: s.labels.status_code!,
        });
        expect(buckets.map((b) => b.labels.le)).toEqual([...LATENCY_BUCKETS.map(String), '+Inf']);
        for (let i = 1; i < buckets.length; i++)
          expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value);
        expect(buckets.at(-1)!.value).toBe(s.value);
        const [sum] = samplesOf(samples, 'http_request_duration_seconds_sum', s.labels);
        expect(sum!.value).toBeGreaterThanOrEqual(0);
        recordedSeconds += sum!.value;
      }
      // Durations in seconds: what the histogram recorded fits in the time the requests took.
      expect(recordedSeconds).toBeLessThanOrEqual(spentSeconds);
      const health = samplesOf(samples, 'http_request_duration_seconds_count', {
        route: '/api/health',
        status_code: '200',
      });
      expect(health[0]!.value).toBe(3);

      // Database figures (absolute, from the second scrape) equal the database.
      expect(samplesOf(after, 'rewards_database_up', {})[0]!.value).toBe(1);
      const bySign = await t.deps.db
        .selectFrom('ledger_entries')
        .select((eb) => [
          'kind',
          sql<number>`case when amount > 0 then 1 else 0 end`.as('credit'),
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>('amount').as('total'),
        ])
        .groupBy(['kind', sql`case when amount > 0 then 1 else 0 end`])
        .execute();
      const credits = bySign.filter((c) => Number(c.credit) === 1);
      const debits = bySign.filter((c) => Number(c.credit) === 0);
      expect(credits.length).toBeGreaterThanOrEqual(2);
      expect(debits.map((d) => d.kind)).toContain('withdrawal');
      for (const c of credits) {
        expect(samplesOf(after, 'rewards_ledger_credits_total', { kind: c.kind })[0]?.value).toBe(
          Number(c.n),
        );
        expect(samplesOf(after, 'rewards_ledger_credited_robux_total', { kind: c.kind })[0]?.value).toBe(
          Number(c.total) / 100,
        );
      }
      for (const d of debits) {
        expect(samplesOf(after, 'rewards_ledger_debits_total', { kind: d.kind })[0]?.value).toBe(Number(d.n));
        expect(samplesOf(after, 'rewards_ledger_debited_robux_total', { kind: d.kind })[0]?.value).toBe(
          -Number(d.total) / 100,
        );
      }
      expect(samplesOf(after, 'rewards_ledger_credits_total', {}).length).toBe(credits.length);
      expect(samplesOf(after, 'rewards_ledger_debits_total', {}).length).toBe(debits.length);
      expect(
        samplesOf(after, 'rewards_ledger_credits_total', { kind: 'survey' })[0]!.value,
      ).toBeGreaterThanOrEqual(3);
      const owed = await t.deps.db
        .selectFrom('users')
        .select((eb) => eb.fn.sum<number>('balance').as('total'))
        .executeTakeFirstOrThrow();
      expect(samplesOf(after, 'rewards_ledger_balance_robux', {})[0]!.value).toBe(Number(owed.total) / 100);
      const states = Object.fromEntries(
        samplesOf(after, 'rewards_withdrawals', {}).map((s) => [s.labels.state, s.value]),
      );
      // The states a withdrawal passes through; paid and refunded only grow (the ledger's totals).
      expect(states).toEqual({ pending: 2, purchasing: 0, needs_review: 0, in_review: 0, held: 0 });
      expect(samplesOf(after, 'rewards_payouts_stopped', {})[0]!.value).toBe(0);

      // Process memory: the heap in use fits in the heap reserved, which fits in the resident memory.
      const gauge = (name: string) => {
        const [s] = samplesOf(after, name, {});
        expect(types.get(name), name).toBe('gauge');
        return s!.value;
      };
      const rss = gauge('process_resident_memory_bytes');
      const heapUsed = gauge('nodejs_heap_size_used_bytes');
      const heapTotal = gauge('nodejs_heap_size_total_bytes');
      expect(heapUsed).toBeGreaterThan(0);
      expect(heapUsed).toBeLessThanOrEqual(heapTotal);
      expect(heapTotal).toBeLessThan(rss);
      expect(gauge('nodejs_external_memory_bytes')).toBeGreaterThan(0);
    } finally {
      await m.close();
    }
  });

  it('counts Roblox calls by endpoint and outcome, and postbacks by verdict', async () => {
    const scrape = async () => {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
      expect(res.statusCode).toBe(200);
      return parseMetrics(res.body).samples;
    };
    const value = (samples: Sample[], name: string, labels: Record<string, string>) =>
      samplesOf(samples, name, labels).reduce((n, s) => n + s.value, 0);
    const lookup = { endpoint: '/v1/usernames/users' };
    const before = await scrape();

    await t.control('POST', '/mode', { mode: 'down' });
    try {
      expect((await t.login('DaveTheBrave')).status).toBe(503);
    } finally {
      await t.control('POST', '/mode', { mode: 'up' });
    }
    const { token, body } = await t.login('DaveTheBrave');
    expect(token).toBeTruthy();
    const robloxId: number = body.user.robloxId;
    const credited = await sendCpxPostback(
      { app },
      { trans: 'counted-1', user: robloxId, local: '2.50', usd: '0.03' },
    );
    expect(credited.body).toBe('1');
    const forged = await sendCpxPostback(
      { app },
      cpxPostbackPath({ trans: 'counted-2', user: robloxId, local: '2.50', usd: '0.03' }).replace(
        /hash=[0-9a-f]+/,
        `hash=${'0'.repeat(32)}`,
      ),
    );
    expect(forged.statusCode).toBe(403);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      value(after, name, labels) - value(before, name, labels);
    // The sign-in while Roblox was down: one call (its retries included), unavailable.
    expect(delta('rewards_roblox_requests_total', { ...lookup, outcome: 'unavailable' })).toBe(1);
    expect(delta('rewards_roblox_requests_total', { ...lookup, outcome: 'ok' })).toBe(1);
    // Ids in paths are one label value, never one per id.
    expect(
      samplesOf(after, 'rewards_roblox_requests_total', {}).some((s) =>
        /\/\d+(\/|$)/.test(s.labels.endpoint ?? ''),
      ),
    ).toBe(false);
    expect(delta('rewards_postbacks_total', { verdict: 'credited' })).toBe(1);
    expect(delta('rewards_postbacks_total', { verdict: 'bad_signature' })).toBe(1);
  });

  describe('GET /api/health', () => {
    it('reports database and Roblox reachability, pinging Roblox at most every 30 s', async () => {
      const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ status: 'ok', database: 'ok', roblox: 'ok' });
      expect(ok.headers['cache-control']).toBe('no-store');

      await t.control('POST', '/mode', { mode: 'down' });
      try {
        const pings = async () => (await t.control('GET', '/stats'))['/v1/users/1'] ?? 0;
        const before = await pings();
        // Within 30 s the last answer stands: probes cannot hammer Roblox.
        for (let i = 0; i < 5; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(await pings()).toBe(before);

        t.clock.advance(31_000);
        const down = await t.app.inject({ method: 'GET', url: '/api/health' });
        // Still 200: the site serves balances and history without Roblox.
        expect(down.statusCode).toBe(200);
        expect(down.json()).toEqual({ status: 'degraded', database: 'ok', roblox: 'down' });
      } finally {
        await t.control('POST', '/mode', { mode: 'up' });
      }
      t.clock.advance(31_000);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
        status: 'ok',
        database: 'ok',
        roblox: 'ok',
      });
    });

    it('answers 503 when the database is gone', async () => {
      const db = createDatabase(t.deps.env.DATABASE_URL);
      await sql`select 1`.execute(db);
      await db.destroy();
      const broken = await buildApp({ ...t.deps, db }, { logger: false });
      try {
        const res = await broken.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ status: 'degraded', database: 'down' });
      } finally {
        await broken.close();
      }
    });

    it('answers 503 when the database hangs, once the ping has waited its timeout', async () => {
      // A "PostgreSQL server" that accepts connections and never says a word.
      const sockets = new Set<Socket>();
      const silent: Server = createServer((s) => void sockets.add(s));
      await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
      const { port } = silent.address() as { port: number };
      const db = createDatabase(`postgres://nobody@127.0.0.1:${port}/nothing`);
      // Roblox answers at once, so the database alone decides when the answer comes.
      const roblox = { ...t.deps.roblox, ping: async () => true };
      const hung = await buildApp({ ...t.deps, db, roblox }, { logger: false });
      await hung.ready();
      // Time moves only when the test moves it (the ping's timer is a setTimeout).
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        let answered = false;
        const answer = hung.inject({ method: 'GET', url: '/api/health' }).finally(() => (answered = true));
        await vi.advanceTimersByTimeAsync(DATABASE_PING_TIMEOUT_MS - 1);
        expect(answered).toBe(false);
        await vi.advanceTimersByTimeAsync(1);
        const res = await answer;
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ database: 'down' });
      } finally {
        vi.useRealTimers();
        await hung.close();
        for (const s of sockets) s.destroy();
        void db.destroy().catch(() => {});
        await new Promise((ok) => silent.close(ok));
      }
    });
  });
});
