import SQLite from 'better-sqlite3';
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { continuousBackupRound } from '../src/db/continuous-backup.ts';
import { backupsIn } from '../src/db/sqlite-backup.ts';
import { fromCpx } from '../../../e2e/support/http.ts';
import { metricValue } from './support/metrics.ts';
import { expectInvariant } from './support/ledger.ts';
import { cpxPostbackPath } from './support/postbacks.ts';
import { signInPlayer, type SignedInPlayer } from './support/players.ts';
import { serverProcessSuite, startServerProcess } from './support/server-process.ts';
import { testEngine } from './support/test-database.ts';

/**
 * The production server (`server.ts`, a child process) on SQLite copies its database every
 * BACKUP_INTERVAL_SECONDS. Under a steady stream of signed postback credits, each recorded when it
 * is acknowledged, the server is killed and its database files deleted; the newest backup is
 * restored as the README says and the site started on it. Every credit acknowledged before that
 * backup began is in it (what is missing is at most the last interval's), the ledger invariant
 * holds, and the figures (writes lost, seconds of data lost, restore time) are printed.
 */

const INTERVAL_SECONDS = 1;
const CPX_SECRET = 'continuous-backup-cpx-secret';
const METRICS_TOKEN = 'continuous-backup-metrics-token';
const LANES = 4;

/** The UTC time a backup's name carries (to the second; taken before the copy began). */
function backupStartOf(file: string): number {
  const m = /-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.db$/.exec(file)!;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

describe.runIf(testEngine === 'sqlite')('continuous SQLite backup', () => {
  const suite = serverProcessSuite({
    dirPrefix: 'rewards-continuous-backup-',
    adminPassword: 'backup-admin-password-123',
    cpxSecret: CPX_SECRET,
    env: { METRICS_TOKEN, BACKUP_INTERVAL_SECONDS: String(INTERVAL_SECONDS), BACKUP_KEEP: '5' },
  });

  it('copies in a process of its own, and the event loop turns meanwhile', async () => {
    const { dir } = suite;
    const source = join(dir, 'round.db');
    const live = new SQLite(source);
    live.pragma('journal_mode = WAL');
    live.exec('create table users (id integer primary key, name text)');
    const insert = live.prepare('insert into users (name) values (?)');
    live.transaction(() => {
      for (let i = 0; i < 20_000; i++) insert.run(`player-${i}`);
    })();
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    try {
      const result = await continuousBackupRound({ source, dir: join(dir, 'round-backups'), keep: 2 });
      // A copy read in this process would block it for about a second per 200 MB (sqlite-backup.ts).
      expect(result.pid).not.toBe(process.pid);
      expect(turns).toBeGreaterThan(20);
      expect(result.counts.users).toBe(20_000);
      const copy = new SQLite(result.out, { readonly: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        copy.close();
      }
    } finally {
      counting = false;
      live.close();
    }
  });

  it('loses at most the last interval of acknowledged writes when the database is lost', async () => {
    const { dir, baseUrl, env, site } = suite;
    suite.server = await startServerProcess(baseUrl, env);
    const players: SignedInPlayer[] = [];
    for (let i = 0; i < 4; i++) players.push(await signInPlayer(site, `BackupPlayer${i}`));

    // ---- a steady stream of credits, each recorded with the time its 200 "1" arrived ----
    const acked: Array<{ key: string; at: number }> = [];
    let stopped = false;
    let serial = 0;
    const lane = async () => {
      while (!stopped) {
        const trans = `cb-${serial++}`;
        const player = players[serial % players.length]!;
        const path = cpxPostbackPath({ trans, user: player.robloxId, local: '1.25', secret: CPX_SECRET });
        const res = await fetch(`${baseUrl}${path}`, { headers: fromCpx }).catch(() => null);
        if (!res) return; // the server was killed mid-request: not acknowledged
        const text = await res.text();
        if (res.status === 200 && text === '1') acked.push({ key: `postback:cpx:${trans}`, at: Date.now() });
        else if (!stopped) throw new Error(`postback answered ${res.status} ${text}`);
      }
    };
    const lanes = Promise.all(Array.from({ length: LANES }, lane));

    // ---- until several backups were taken while the stream ran ----
    const backupDir = join(dir, 'backups');
    const firstAck = await (async () => {
      while (acked.length === 0) await sleep(20);
      return acked[0]!.at;
    })();
    while (backupsIn(backupDir, env.DATABASE_URL!).filter((f) => backupStartOf(f) > firstAck).length < 3)
      await sleep(50);
    const metrics = await fetch(`${baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const lastSuccess = metricValue(await metrics.text(), 'rewards_backup_last_success_timestamp_seconds');
    expect(lastSuccess * 1000).toBeGreaterThan(firstAck);

    // ---- the database is lost: the process dies and its files are deleted ----
    await suite.server.stop('SIGKILL');
    const lostAt = Date.now();
    suite.server = null;
    stopped = true;
    await lanes;
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${env.DATABASE_URL}${suffix}`, { force: true });
    expect(existsSync(env.DATABASE_URL!)).toBe(false);

    // ---- restored as the README says: the newest backup copied into place, the server started ----
    const restoreStarted = Date.now();
    const backups = backupsIn(backupDir, env.DATABASE_URL!);
    expect(backups.length).toBeLessThanOrEqual(5); // BACKUP_KEEP
    const newest = backups.at(-1)!;
    copyFileSync(newest, env.DATABASE_URL!);
    suite.server = await startServerProcess(baseUrl, env);
    const restoreMs = Date.now() - restoreStarted;

    const db = createDatabase(env.DATABASE_URL);
    try {
      await expectInvariant(db);
      const keys = new Set(
        (await db.selectFrom('ledger_entries').select('idempotency_key').execute()).map(
          (r) => r.idempotency_key,
        ),
      );
      const backupStart = backupStartOf(newest);
      const missing = acked.filter((a) => !keys.has(a.key));
      // Acknowledged before the newest backup began: committed before its copy, so in it.
      expect(missing.filter((a) => a.at < backupStart)).toEqual([]);
      const lastAck = Math.max(...acked.map((a) => a.at));
      console.log(
        `continuous SQLite backup every ${INTERVAL_SECONDS} s: ${acked.length} credits acknowledged, ` +
          `${missing.length} lost (all acknowledged after the newest backup began); ` +
          `data lost: ${((lastAck - backupStart) / 1000).toFixed(1)} s (last acknowledgement − backup start, ` +
          `the backup's name is to the second); database lost → newest backup in place and the site answering: ` +
          `${restoreMs} ms; the last backup was ${((lostAt - backupStart) / 1000).toFixed(1)} s old when the database was lost.`,
      );
    } finally {
      await db.destroy();
    }

    // The restored site takes new credits.
    const after = await fetch(
      `${baseUrl}${cpxPostbackPath({ trans: 'cb-after', user: players[0]!.robloxId, local: '1.25', secret: CPX_SECRET })}`,
      { headers: fromCpx },
    );
    expect([after.status, await after.text()]).toEqual([200, '1']);
  }, 300_000);
});
