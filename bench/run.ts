// `npm run bench [-- --db postgres [--pg-tcp]] [-- --duration 10]`: seeds 100,000 players and
// 1,000,000 ledger entries, starts the production server, and measures each case against a bare
// node:http ceiling measured around it in the same run. Results are printed and written to
// bench/results.md. Options: bench/options.ts; cases: bench/cases.ts.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { checkInvariant } from '../apps/server/src/modules/ledger/service.ts';
import { countMissingCredits, runSiteCases } from './cases.ts';
import { createLoadRunner } from './load-runner.ts';
import { engine, ROOT } from './options.ts';
import { watchRss } from './process-stats.ts';
import { formatReport, prependToResults } from './report.ts';
import { BENCH_PLAYERS, seedBench } from './seed.ts';
import { benchDatabase, measureReferences, startCeilingServer, startSiteServer } from './servers.ts';

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'rewards-bench-'));
  const database = await benchDatabase(engine, dir);

  console.log(
    `Seeding ${BENCH_PLAYERS.toLocaleString()} players and ${(BENCH_PLAYERS * 10).toLocaleString()} ledger entries on ${engine}...`,
  );
  const db = createDatabase(database.url);
  await migrateToLatest(db);
  const seededAt = Date.now();
  await seedBench(db, new Date());
  console.log(`Seeded in ${((Date.now() - seededAt) / 1000).toFixed(1)} s`);
  // After a bulk load PostgreSQL's planner statistics and visibility map are empty until autovacuum
  // gets to the tables; a site that has been up has both (PostgreSQL's guide to populating a database
  // recommends this step). Without it the admin page read 5,000 heap rows per request, not 25.
  if (engine === 'postgres') await sql`vacuum analyze`.execute(db);

  const ceiling = await startCeilingServer();
  const runner = createLoadRunner(ceiling);
  await runner.measureCeiling();
  const references = await measureReferences(runner);

  execSync('node scripts/build-server.mjs', { cwd: ROOT, stdio: 'inherit' });
  const server = await startSiteServer(database.serverUrl);
  const rssWatch = watchRss(server.pid);
  const { results, acknowledged } = await runSiteCases(
    runner.siteLoad({ pid: server.pid, base: server.base, rss: rssWatch }),
    server.base,
  );
  const rss = rssWatch.stop();
  await server.stop();

  const invariant = await checkInvariant(db);
  const missing = await countMissingCredits(db, acknowledged);
  await db.destroy();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
  ceiling.stop();

  const text = formatReport({
    ceilingRuns: runner.ceilingRuns,
    references,
    results,
    pgReach: database.reach,
    rss,
    acknowledged: acknowledged.length,
    missing,
    invariant,
  });
  console.log(`\n${text}`);
  prependToResults(text);
  if (!invariant.ok || missing > 0) process.exitCode = 1;
}

await main();
