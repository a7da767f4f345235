// `npm run bench [-- --db sqlite|postgres] [--cluster 2] [--duration 10] [--only poll,postback]`:
// for each engine (both unless `--db` names one) seeds 200,000 players and 1,000,000 ledger entries,
// starts the production server, and measures each case against a bare node:http ceiling measured
// around it in the same run, then the live feed on that server (bench/live-feed.ts); on PostgreSQL
// the cases run again against `start:cluster` with 2 workers. Then the budgets measured apart from
// the load: the landing page's weight (bench/web-weight.ts) and the calls during Roblox outages
// (bench/outages.ts). Prints the summary table (CPU per request, × bare Fastify, × ceiling), the
// checks and each run's details, writes them to bench/results.md, and fails when a check fails.
// Options: bench/options.ts; cases: bench/cases.ts.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { checkInvariant } from '../apps/server/src/modules/ledger/service.ts';
import { countMissingCredits, runSiteCases, warmUpWrites } from './cases.ts';
import { measureLiveFeed } from './live-feed.ts';
import { createLoadRunner } from './load-runner.ts';
import { clusterWorkers, DB_WARM_UP_SECONDS, engines, ROOT, wanted, type Engine } from './options.ts';
import { measureOutages } from './outages.ts';
import { postgresCpuMicros, watchRss } from './process-stats.ts';
import {
  checksPassed,
  formatBudgets,
  formatReport,
  formatSummary,
  prependToResults,
  type BenchOutcome,
  type Budgets,
} from './report.ts';
import { BENCH_PLAYERS, ENTRIES_PER_PLAYER, seedBench } from './seed.ts';
import { benchDatabase, measureReferences, startCeilingServer, startSiteServer } from './servers.ts';
import { measureWebWeight } from './web-weight.ts';

/**
 * The site's cases against one server (a process, or a cluster of `workers`), the live feed on a
 * single process, then the checks.
 */
async function siteRun(
  runner: ReturnType<typeof createLoadRunner>,
  db: Database,
  target: {
    engine: Engine;
    serverUrl: string;
    dbCpu: () => number;
    workers: number;
    tag: string;
    firstClaimer: number;
  },
) {
  const server = await startSiteServer(target.serverUrl, target.workers);
  const rssWatch = watchRss(server.pids);
  const { results, acknowledged, nextClaimer } = await runSiteCases(
    runner.siteLoad({ pids: server.pids, base: server.base, rss: rssWatch, dbCpu: target.dbCpu }),
    server.base,
    target.tag,
    target.firstClaimer,
  );
  const liveFeed =
    target.workers === 0 && wanted('live feed')
      ? await measureLiveFeed(server.base, server.pid, target.tag)
      : undefined;
  const rss = rssWatch.stop();
  await server.stop();
  return {
    results,
    rss,
    liveFeed,
    nextClaimer,
    acknowledged: acknowledged.length,
    ...(await countMissingCredits(db, acknowledged)),
    invariant: await checkInvariant(db),
  };
}

async function runEngine(engine: Engine): Promise<BenchOutcome[]> {
  const dir = mkdtempSync(join(tmpdir(), 'rewards-bench-'));
  const database = await benchDatabase(engine, dir);
  console.log(
    `Seeding ${BENCH_PLAYERS.toLocaleString()} players and ${(BENCH_PLAYERS * ENTRIES_PER_PLAYER).toLocaleString()} ledger entries on ${engine}...`,
  );
  const db = createDatabase(database.url);
  const ceiling = await startCeilingServer();
  try {
    await migrateToLatest(db);
    const seededAt = Date.now();
    await seedBench(db, new Date());
    console.log(`Seeded in ${((Date.now() - seededAt) / 1000).toFixed(1)} s`);
    // After a bulk load PostgreSQL's planner statistics and visibility map are empty until autovacuum
    // gets to the tables; a site that has been up has both (PostgreSQL's guide to populating a
    // database recommends this step). Without it the admin page read 5,000 heap rows per request, not 25.
    if (engine === 'postgres') await sql`vacuum analyze`.execute(db);
    // Then a checkpoint, so the seed's dirty pages are written now and not by the checkpointer during
    // the first cases, whose database CPU counts the checkpointer's (a role without the right to
    // checkpoint skips it).
    if (engine === 'postgres') await sql`checkpoint`.execute(db).catch(() => undefined);
    if (engine === 'postgres') {
      const warm = await startSiteServer(database.serverUrl);
      await warmUpWrites(warm.base, DB_WARM_UP_SECONDS);
      await warm.stop();
      // As autovacuum would once the postbacks' tables grew (it is off on some machines).
      await sql`analyze`.execute(db);
    }
    const dbCpu = engine === 'postgres' ? () => postgresCpuMicros(database.name) : () => 0;

    const outcomes: BenchOutcome[] = [];
    const runner = createLoadRunner(ceiling);
    await runner.measureCeiling();
    const references = await measureReferences(runner);
    const single = await siteRun(runner, db, {
      engine,
      ...database,
      dbCpu,
      workers: 0,
      tag: 'bench',
      firstClaimer: 0,
    });
    const label = engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    outcomes.push({
      label,
      engine,
      ceilingRuns: runner.ceilingRuns,
      references,
      pgReach: database.reach,
      ...single,
    });

    if (engine === 'postgres' && clusterWorkers > 0) {
      const clusterRunner = createLoadRunner(ceiling);
      await clusterRunner.measureCeiling();
      const workers = clusterWorkers;
      // Other players claim: those of the first run have claimed today.
      const run = await siteRun(clusterRunner, db, {
        engine,
        ...database,
        dbCpu,
        workers,
        tag: 'cluster',
        firstClaimer: single.nextClaimer,
      });
      outcomes.push({
        label: `PostgreSQL, start:cluster × ${workers}`,
        engine,
        ceilingRuns: clusterRunner.ceilingRuns,
        // Compared with the same bare Fastify as the single process's run.
        references,
        pgReach: database.reach,
        workers,
        ...run,
      });
    }
    return outcomes;
  } finally {
    ceiling.stop();
    await db.destroy();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  execSync('node scripts/build-server.mjs', { cwd: ROOT, stdio: 'inherit' });
  const outcomes: BenchOutcome[] = [];
  for (const engine of engines) outcomes.push(...(await runEngine(engine)));
  const budgets: Budgets = {
    webWeight: wanted('landing page weight') ? measureWebWeight() : undefined,
    outages: wanted('Roblox outages') ? await measureOutages() : undefined,
  };
  const sections = [formatSummary(outcomes, budgets), formatBudgets(budgets), ...outcomes.map(formatReport)];
  const text = sections.filter(Boolean).join('\n');
  console.log(`\n${text}`);
  prependToResults(text);
  if (!checksPassed(outcomes, budgets)) process.exitCode = 1;
}

await main();
