// `npm run lighthouse`: Lighthouse (performance, accessibility) on the landing, login and earn pages
// of the production server, in Debian's Chromium. Builds nothing: run `npm run build` first.
//
// It starts the real server (`apps/server/src/server.ts`, NODE_ENV=production) on a temporary SQLite
// file with a Roblox stand-in, signs a test player in through the API for the earn page, prints the
// scores per page with the audits that lost points, and exits 1 when a page scores below
// performance 95 or accessibility 100. Lighthouse's default (mobile) settings with simulated
// throttling; `--desktop` uses its desktop settings instead. JSON reports are kept in a temp folder.
//
// A page's score moves by 10 points or more between runs on the same build here: simulated
// throttling multiplies the tasks Chrome really ran by four, and on a small shared machine their
// length varies. So each page runs `--runs N` times (default 5) and is judged by its median run,
// Lighthouse's own way (`computeMedianRun`: the run nearest the median first paint and interactive
// time); every run's score is printed beside it.
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), WEB_DIST (default apps/web/dist).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';
import { startStandin } from '@rewards/roblox-standin';
import { freePort, waitForHealth } from '../e2e/support/processes.ts';
import { chromiumOptions } from '../e2e/support/stack.ts';
import { SITE_OPERATOR } from '../apps/server/test/support/server-env.ts';

const ROOT = resolve(import.meta.dirname, '..');
const WEB_DIST = process.env.WEB_DIST ?? join(ROOT, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MIN = { performance: 95, accessibility: 100 };
const desktop = process.argv.includes('--desktop');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg === -1 ? 5 : Number(process.argv[runsArg + 1]);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('--runs takes a whole number of runs per page, 1 or more');
  process.exit(2);
}
// The journeys' headless flags (e2e/support/stack.ts).
const CHROME_FLAGS = chromiumOptions.args;

async function startSite(dir) {
  const standin = await startStandin({ port: 0 });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATABASE_URL: join(dir, 'lighthouse.db'),
    WEB_DIST,
    ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
    ...SITE_OPERATOR,
    LOG_LEVEL: 'warn',
    ROBLOX_USERS_API: standin.url,
    ROBLOX_THUMBNAILS_API: standin.url,
    ROBLOX_GAMEPASS_API: standin.url,
    ROBLOX_ECONOMY_API: standin.url,
    ROBLOX_INVENTORY_API: standin.url,
    CPX_SECURE_HASH: 'lighthouse-cpx-secret',
  };
  // A production server refuses a schema behind it: the migration step runs first, as in a release.
  const migrate = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/db/migrate-cli.ts'], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });
  if (migrate.status !== 0) throw new Error('migrate failed');
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(baseUrl, server);
  } catch (err) {
    server.kill('SIGKILL');
    await standin.close();
    throw err;
  }
  return {
    baseUrl,
    async close() {
      if (server.exitCode === null) {
        const exited = new Promise((ok) => server.once('exit', ok));
        server.kill('SIGTERM');
        await exited;
      }
      await standin.close();
    },
  };
}

/** Signs AliceRBX in through the API and stores the session in the browser profile, as the login page would. */
async function storeSession(chromePort, baseUrl) {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'AliceRBX' }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const { token, user } = await res.json();
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    // A plain page of the same origin (the API's 404 answer), so no app code runs while storing.
    await page.goto(`${baseUrl}/api/no-such-endpoint`);
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem('rbx-username', user.username);
        localStorage.setItem('rbx-robloxId', String(user.robloxId));
        localStorage.setItem('auth-token', token);
        localStorage.setItem('referralsMade', String(user.referralsMade ?? 0));
        localStorage.setItem('referralsEarned', String(user.referralsEarned ?? 0));
      },
      { token, user },
    );
    // Keep the session, drop the HTTP cache: the earn page is measured cold like the others.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Disconnects from the Chrome that chrome-launcher owns; it keeps running.
    await browser.close();
  }
}

/** One Lighthouse run of a page; a trace Chrome failed to record (NO_NAVSTART and the like, on a busy machine) is retried. */
async function measure(page, chromePort, baseUrl) {
  for (let attempt = 1; ; attempt++) {
    if (page.signedIn) await storeSession(chromePort, baseUrl);
    const runner = await lighthouse(
      `${baseUrl}${page.path}`,
      {
        port: chromePort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // Lighthouse clears the origin's storage first, which would sign the player out.
        disableStorageReset: Boolean(page.signedIn),
      },
      desktop ? desktopConfig : undefined,
    );
    const { lhr } = runner;
    if (!lhr.runtimeError) {
      // Every run counts towards the median, so every run must have measured the page itself.
      const finalUrl = new URL(lhr.finalDisplayedUrl);
      if (finalUrl.pathname.toLowerCase() !== page.path) {
        throw new Error(`${page.name}: expected to stay on ${page.path}, ended on ${finalUrl.pathname}`);
      }
      return lhr;
    }
    if (attempt === 3) throw new Error(`${page.name}: ${lhr.runtimeError.message}`);
    console.error(`${page.name}: ${lhr.runtimeError.code}; running Lighthouse again`);
  }
}

const PAGES = [
  { name: 'landing', path: '/index' },
  { name: 'login', path: '/login' },
  { name: 'earn', path: '/earn', signedIn: true },
];

function lostPoints(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 || category === 'performance')
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (a) =>
        a &&
        a.score !== null &&
        a.score < 1 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'notApplicable' &&
        a.scoreDisplayMode !== 'manual',
    )
    .map((a) => `${a.id} (${a.displayValue ?? Math.round(a.score * 100)})`);
}

async function main() {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    console.error(`${WEB_DIST}/index.html is missing: run \`npm run build\` first.`);
    process.exit(2);
  }
  const dir = mkdtempSync(join(tmpdir(), 'rewards-lighthouse-'));
  const reports = mkdtempSync(join(tmpdir(), 'rewards-lighthouse-reports-'));
  const profile = join(dir, 'profile');
  mkdirSync(profile);
  const site = await startSite(dir);
  let chrome;
  const results = [];
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: CHROME_FLAGS,
      userDataDir: profile,
      logLevel: 'silent',
    });
    for (const page of PAGES) {
      const runs = [];
      for (let run = 1; run <= RUNS; run++) {
        const lhr = await measure(page, chrome.port, site.baseUrl);
        writeFileSync(join(reports, `${page.name}-${run}.json`), JSON.stringify(lhr));
        runs.push(lhr);
      }
      const lhr = computeMedianRun(runs);
      const score = (c, of = lhr) => Math.round((of.categories[c].score ?? 0) * 100);
      const metric = (id) => lhr.audits[id]?.displayValue ?? '?';
      results.push({
        page: page.name,
        runs: runs.map((run) => score('performance', run)),
        performance: score('performance'),
        accessibility: score('accessibility'),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        perfLost: lostPoints(lhr, 'performance'),
        a11yLost: lostPoints(lhr, 'accessibility'),
      });
    }
  } finally {
    await chrome?.kill();
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(
    `\nLighthouse ${desktop ? 'desktop' : 'mobile (default)'} settings, ${CHROMIUM}, median of ${RUNS} run(s)`,
  );
  console.log('page      performance  accessibility  FCP      LCP      TBT      CLS      every run');
  for (const r of results) {
    console.log(
      `${r.page.padEnd(10)}${String(r.performance).padStart(11)}${String(r.accessibility).padStart(15)}  ` +
        `${r.fcp.padEnd(9)}${r.lcp.padEnd(9)}${r.tbt.padEnd(9)}${String(r.cls).padEnd(9)}${r.runs.join(' ')}`,
    );
  }
  for (const r of results) {
    if (r.a11yLost.length) console.log(`  ${r.page} accessibility audits failing: ${r.a11yLost.join(', ')}`);
    if (r.performance < 100 && r.perfLost.length)
      console.log(`  ${r.page} performance audits below full score: ${r.perfLost.join(', ')}`);
  }
  console.log(`Reports (JSON): ${reports}`);
  const failing = results.filter(
    (r) => r.performance < MIN.performance || r.accessibility < MIN.accessibility,
  );
  if (failing.length) {
    console.log(
      `\nBelow performance ${MIN.performance} / accessibility ${MIN.accessibility}: ${failing.map((r) => r.page).join(', ')}`,
    );
    process.exit(1);
  }
  console.log(`\nAll pages at performance >= ${MIN.performance} and accessibility >= ${MIN.accessibility}.`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
