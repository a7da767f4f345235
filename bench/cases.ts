import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import type { Database } from '../apps/server/src/db/database.ts';
import { fromCpx } from '../e2e/support/http.ts';
import type { CaseResult, SiteLoad } from './load-runner.ts';
import { CONNECTIONS, CPX_SECRET, duration, wanted } from './options.ts';
import { BENCH_ADMIN_TOKEN, BENCH_PLAYERS, benchName, benchRobloxId, benchToken } from './seed.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** One kind of request, its path and headers made afresh for each request. */
const each = (
  make: (req: autocannon.Request, context: object) => autocannon.Request,
  extra: Partial<autocannon.Request> = {},
): autocannon.Request[] => [{ ...extra, setupRequest: (req, context) => make(req, context) }];

/** CPX postbacks with fresh transaction ids (`<tag>-<n>`) for 1,000 players; `acknowledged` gets each id answered 200. */
function postbackRequests(tag: string, acknowledged: (transId: string) => void): autocannon.Request[] {
  let trans = 0;
  return each(
    (req, context) => {
      const id = `${tag}-${trans++}`;
      (context as { transId?: string }).transId = id;
      const user = benchRobloxId(trans % 1000);
      return {
        ...req,
        path: `/api/postback/cpx?status=1&trans_id=${id}&user_id=${user}&amount_local=1.5&amount_usd=0.02&hash=${md5(`${id}-${CPX_SECRET}`)}`,
        // As from CPX's address through a proxy on this host (the wall's allow-list).
        headers: { ...req.headers, ...fromCpx },
      };
    },
    {
      onResponse: (status, _body, context) => {
        if (status === 200) acknowledged(String((context as { transId?: string }).transId));
      },
    },
  );
}

/**
 * Postbacks for `seconds`, unmeasured, right after the seed (the caller then runs ANALYZE), so the
 * tables the seed leaves empty (the postbacks' guard rows and records) have rows and statistics, as
 * on a site that has been up. PostgreSQL plans a query on a table analysed while empty as a
 * sequential scan and keeps that plan for the connection's life, until the next ANALYZE: without this
 * and the seeded streaks, the first run after the seed pays 2–3 times the database CPU per write
 * (claims 564–666 µs against 147–162 in the later run on the same database).
 */
export async function warmUpWrites(base: string, seconds: number): Promise<void> {
  await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: postbackRequests('warmup', () => {}),
  });
}

export const UNKNOWN_WALL_CASE = 'unknown wall postbacks GET /api/postback/{unknown}';

/**
 * The site's cases, in order. Returns their results and the postback credits the server
 * acknowledged: every one must be in the ledger afterwards (see `countMissingCredits`). `tag` starts
 * the postbacks' transaction ids, so a second run on the same database credits afresh, and
 * `firstClaimer` is the first player to claim the daily reward (a player claims once a day); the
 * answer's `nextClaimer` is where a later run on the same database starts.
 */
export async function runSiteCases(load: SiteLoad, base: string, tag = 'bench', firstClaimer = 0) {
  let n = 0;
  const poller = (i: number) => i % 1000;
  const results: (CaseResult | null)[] = [];
  results.push(
    await load('balance poll GET /api/user/{me}', {
      url: base,
      requests: each((req) => {
        const i = poller(n++);
        return {
          ...req,
          path: `/api/user/${benchName(i)}`,
          headers: { authorization: `Bearer ${benchToken(i)}` },
        };
      }),
    }),
  );
  results.push(await load('leaderboard GET /api/leaderboard', { url: `${base}/api/leaderboard` }));
  // Every player of the seed is in the running race: a request costs a lookup in the board. A process
  // counts every player of a race once, at its first request for it (1-2 s with 200,000 players on
  // SQLite, on the event loop), then follows changes: that first count is made and timed here,
  // unmeasured, as on a server that has been up, so the case measures what every later request costs.
  if (wanted('race standings')) {
    const started = performance.now();
    const first = await fetch(`${base}/api/races/current`);
    await first.arrayBuffer();
    console.log(
      `Race board: the first count of ${BENCH_PLAYERS.toLocaleString('en')} players answered ${first.status} in ${Math.round(performance.now() - started)} ms.`,
    );
  }
  results.push(
    await load('race standings GET /api/races/current', {
      url: base,
      requests: each((req) => {
        const i = poller(n++);
        return { ...req, path: '/api/races/current', headers: { authorization: `Bearer ${benchToken(i)}` } };
      }),
    }),
  );

  // Every credit the server acknowledged must be in the ledger; requests still in flight when the
  // case ends may be credited without the generator seeing the answer, so those are not counted.
  const acknowledged: string[] = [];
  results.push(
    await load('postback credits GET /api/postback/cpx', {
      url: base,
      requests: postbackRequests(tag, (id) => acknowledged.push(id)),
    }),
  );

  // Postbacks to walls that do not exist, as a flood from a scanner would send them: answered 404 from
  // the process's list of walls, with nothing stored.
  let stray = 0;
  results.push(
    await load(UNKNOWN_WALL_CASE, {
      url: base,
      expectStatus: 404,
      requests: each((req) => {
        const n = stray++;
        return {
          ...req,
          path: `/api/postback/nowall-${n % 50}?status=1&trans_id=${tag}-stray-${n}&user_id=${benchRobloxId(n % 1000)}&amount_local=1.5`,
          headers: { ...req.headers, ...fromCpx },
        };
      }),
    }),
  );

  let claimer = firstClaimer;
  results.push(
    await load('daily claims POST /api/streak-rewards/claim', {
      url: base,
      requests: each(
        (req) => {
          const i = claimer++ % BENCH_PLAYERS;
          return {
            ...req,
            path: '/api/streak-rewards/claim',
            headers: { authorization: `Bearer ${benchToken(i)}`, 'content-type': 'application/json' },
            body: '{}',
          };
        },
        { method: 'POST' },
      ),
    }),
  );

  const adminHeaders = { cookie: `admin_session=${BENCH_ADMIN_TOKEN}` };
  let page = 0;
  let search = 0;
  const usersPage = each((req) => ({
    ...req,
    path: `/api/all-users?page=${(page++ % 200) + 1}&pageSize=25`,
    headers: adminHeaders,
  }));
  const nameSearch = each((req) => ({
    ...req,
    path: `/api/all-users?search=benchplayer${search++ % 1000}&pageSize=25`,
    headers: adminHeaders,
  }));
  results.push(await load('admin users page GET /api/all-users', { url: base, requests: usersPage }));
  results.push(
    await load('admin name search GET /api/all-users?search=', { url: base, requests: nameSearch }),
  );
  // What one admin sees: the same two calls one at a time, with no queue of 100 in front of them.
  const oneAtATime = { url: base, connections: 1, duration: Math.min(duration, 5) };
  results.push(await load('admin users page, 1 connection', { ...oneAtATime, requests: usersPage }));
  results.push(await load('admin name search, 1 connection', { ...oneAtATime, requests: nameSearch }));
  // The Economics section over 30 days: its rollup's rows, never the 1,000,000 ledger entries.
  const economics = each((req) => ({
    ...req,
    path: '/api/admin/economics?period=30d',
    headers: adminHeaders,
  }));
  results.push(await load('admin economics GET /api/admin/economics', { url: base, requests: economics }));
  results.push(await load('admin economics, 1 connection', { ...oneAtATime, requests: economics }));

  // The next player who has not claimed today, for a later run on the same database.
  return { results: results.filter((r) => r !== null), acknowledged, nextClaimer: claimer };
}

/**
 * How many of the acknowledged postback credits are not in the ledger, and how many are there more
 * than once (both should be none; the unique idempotency key should make the second impossible).
 */
export async function countMissingCredits(
  db: Database,
  acknowledged: string[],
): Promise<{ missing: number; repeated: number }> {
  let missing = 0;
  let repeated = 0;
  for (let i = 0; i < acknowledged.length; i += 500) {
    const keys = acknowledged.slice(i, i + 500).map((id) => `postback:cpx:${id}`);
    const found = await db
      .selectFrom('ledger_entries')
      .select('idempotency_key')
      .where('idempotency_key', 'in', keys)
      .execute();
    const distinct = new Set(found.map((r) => r.idempotency_key)).size;
    missing += keys.length - distinct;
    repeated += found.length - distinct;
  }
  return { missing, repeated };
}
