import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standinControl, startStandin, type Standin } from '@rewards/roblox-standin';
import { callApi, fromCpx } from '../../../e2e/support/http.ts';
import { freePort } from '../../../e2e/support/processes.ts';
import { ROOT } from './support/commands.ts';
import { cpxPostbackPath } from './support/postbacks.ts';
import { signInPlayer, type SignedInPlayer } from './support/players.ts';
import { serverProcessEnv } from './support/server-env.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import { testEngine } from './support/test-database.ts';

/**
 * The PostgreSQL recipe in scripts/backup/: a PostgreSQL instance of the test's own (initdb; it can
 * be killed and its files deleted, and waits for the WAL stream as the README configures it) serves
 * the production server under a steady stream of signed postback credits, each recorded when
 * acknowledged, while `pg-stream.sh` takes a base backup and streams the WAL. The instance is then
 * killed and its data directory deleted; `pg-restore.sh` builds a new instance from the backup
 * folder on another port, and every acknowledged credit must be in it. The figures are printed.
 *
 * Runs in the PostgreSQL pass. It needs the PostgreSQL server programs (initdb, pg_ctl); as root
 * the instances run as the `postgres` OS user, as PostgreSQL requires.
 */

const CPX_SECRET = 'wal-backup-cpx-secret';
const LANES = 4;

function pgBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => join(base, v, 'bin')).find((d) => existsSync(join(d, 'initdb')));
  if (!bin)
    throw new Error('The PostgreSQL server programs (initdb) are not installed: apt-get install postgresql');
  return bin;
}

const asRoot = process.getuid?.() === 0;
/** A command as the OS user PostgreSQL runs as (root: `postgres`; anyone else: themselves). */
function asPostgres(cmd: string, args: string[]): [string, string[]] {
  const PATH = `${pgBin()}:${process.env.PATH}`;
  return asRoot
    ? ['runuser', ['-u', 'postgres', '--', 'env', `PATH=${PATH}`, 'PGUSER=postgres', cmd, ...args]]
    : ['env', [`PATH=${PATH}`, 'PGUSER=postgres', cmd, ...args]];
}

function runAsPostgres(cmd: string, args: string[], env: Record<string, string> = {}): string {
  const [c, a] = asPostgres(cmd, args);
  const res = spawnSync(c, a, { cwd: tmpdir(), env: { ...process.env, ...env }, encoding: 'utf8' });
  if (res.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} exited ${res.status}:\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}

describe.runIf(testEngine === 'postgres')('PostgreSQL continuous backup (WAL streaming)', () => {
  let standin: Standin;
  let dir: string;
  let primaryData: string;
  let restoredData: string;
  let scripts: string;
  let server: ServerProcess | null = null;
  let stream: ChildProcess | null = null;
  const streamOutput: string[] = [];

  beforeAll(async () => {
    standin = await startStandin({ port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'rewards-wal-backup-'));
    chmodSync(dir, 0o755);
    if (asRoot) {
      const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      chownSync(dir, uid, gid);
    }
    primaryData = join(dir, 'primary');
    restoredData = join(dir, 'restored');
    // The scripts run as `postgres`, which may not enter the checkout (a private temporary folder in
    // CI): they run from a copy in the test's own folder.
    scripts = join(dir, 'scripts');
    cpSync(join(ROOT, 'scripts/backup'), scripts, { recursive: true });
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    stream?.kill('SIGKILL');
    for (const data of [primaryData, restoredData]) {
      if (data && existsSync(join(data, 'postmaster.pid')))
        spawnSync(...asPostgres('pg_ctl', ['--pgdata', data, '--mode', 'immediate', 'stop']));
    }
    await standin?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('restores every acknowledged write into a new instance from the base backup and the WAL', async () => {
    // ---- the primary: its own instance, commits waiting for the WAL stream (README, Backups) ----
    const primaryPort = await freePort();
    runAsPostgres('initdb', ['--pgdata', primaryData, '--username', 'postgres', '--auth', 'trust']);
    const conf = [
      `port = ${primaryPort}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
    ];
    runAsPostgres('sh', ['-c', `printf '%s\\n' "$@" >> ${primaryData}/postgresql.conf`, 'sh', ...conf]);
    runAsPostgres('pg_ctl', ['--pgdata', primaryData, '--log', join(dir, 'primary.log'), '--wait', 'start']);
    const pgEnv = { PGHOST: '127.0.0.1', PGPORT: String(primaryPort), PGUSER: 'postgres' };
    runAsPostgres('psql', ['-d', 'postgres', '-qc', 'CREATE DATABASE rewards'], pgEnv);

    // ---- the stream: base backup, then WAL, as an operator runs it ----
    const backupDir = join(dir, 'backup');
    const metricsFile = join(dir, 'rewards_backup.prom');
    const streamEnv = {
      ...pgEnv,
      PGDATABASE: 'postgres',
      BACKUP_METRICS_FILE: metricsFile,
      BACKUP_METRICS_INTERVAL: '1',
    };
    const streamStarted = Math.floor(Date.now() / 1000);
    const [c, a] = asPostgres(join(scripts, 'pg-stream.sh'), [backupDir]);
    stream = spawn(c, a, {
      cwd: dir,
      env: { ...process.env, ...streamEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    stream.stdout!.on('data', (d) => streamOutput.push(String(d)));
    stream.stderr!.on('data', (d) => streamOutput.push(String(d)));
    const streaming = async () => {
      const client = new pg.Client({
        host: '127.0.0.1',
        port: primaryPort,
        user: 'postgres',
        database: 'postgres',
      });
      await client.connect();
      try {
        // From now on each commit waits until the stream has it on disk (README, Backups).
        await client.query(`alter system set synchronous_standby_names = 'pg_receivewal'`);
        await client.query('select pg_reload_conf()');
        for (;;) {
          const r = await client.query(
            `select count(*)::int as n from pg_stat_replication where application_name = 'pg_receivewal' and sync_state = 'sync'`,
          );
          if (r.rows[0].n === 1) return;
          if (stream!.exitCode !== null) throw new Error(`pg-stream.sh exited:\n${streamOutput.join('')}`);
          await sleep(100);
        }
      } finally {
        await client.end();
      }
    };
    await streaming();
    // The "backup too old" alert's metric, for node_exporter's textfile collector, while the slot is in use.
    let reported: number | null = null;
    while (reported === null || reported < streamStarted) {
      if (stream.exitCode !== null) throw new Error(`pg-stream.sh exited:\n${streamOutput.join('')}`);
      const line = existsSync(metricsFile) ? readFileSync(metricsFile, 'utf8') : '';
      const m = /^rewards_backup_last_success_timestamp_seconds (\d+)\n$/.exec(line);
      reported = m ? Number(m[1]) : null;
      if (reported === null || reported < streamStarted) await sleep(100);
    }

    // ---- the site on it, under a steady stream of credits ----
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = {
      ...serverProcessEnv({
        port,
        databaseUrl: `postgres://postgres@127.0.0.1:${primaryPort}/rewards`,
        standinUrl: standin.url,
        adminPassword: 'wal-backup-admin-password-123',
        cpxSecret: CPX_SECRET,
      }),
      WEB_DIST: join(dir, 'no-web-build'),
    };
    server = await startServerProcess(baseUrl, env);
    const site = {
      api: (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
        callApi(baseUrl, method, path, body, headers),
      control: standinControl(standin.url),
      adminPassword: env.ADMIN_PASSWORD,
    };
    const players: SignedInPlayer[] = [];
    for (let i = 0; i < 4; i++) players.push(await signInPlayer(site, `WalPlayer${i}`));

    const acked: Array<{ key: string; at: number }> = [];
    let stopped = false;
    let serial = 0;
    const lane = async () => {
      while (!stopped) {
        const trans = `wal-${serial++}`;
        const player = players[serial % players.length]!;
        const path = cpxPostbackPath({ trans, user: player.robloxId, local: '1.25', secret: CPX_SECRET });
        const res = await fetch(`${baseUrl}${path}`, { headers: fromCpx }).catch(() => null);
        if (!res) return; // the database or the server went away mid-request: not acknowledged
        const text = await res.text();
        if (res.status === 200 && text === '1') acked.push({ key: `postback:cpx:${trans}`, at: Date.now() });
        else if (!stopped) return; // answered with an error once the database is gone
      }
    };
    const lanes = Promise.all(Array.from({ length: LANES }, lane));
    while (acked.length < 500) await sleep(50);

    // ---- the database is lost: the instance killed mid-stream, its files deleted ----
    const lostAt = Date.now();
    runAsPostgres('pg_ctl', ['--pgdata', primaryData, '--mode', 'immediate', 'stop']);
    stopped = true;
    await lanes;
    await server.stop('SIGKILL');
    server = null;
    stream.kill('SIGTERM');
    await new Promise((ok) => (stream!.exitCode !== null ? ok(null) : stream!.once('exit', ok)));
    stream = null;
    rmSync(primaryData, { recursive: true, force: true });

    // ---- restored as the README says, into a new instance on another port ----
    const restoredPort = await freePort();
    const restoreStarted = Date.now();
    const out = runAsPostgres(join(scripts, 'pg-restore.sh'), [
      backupDir,
      restoredData,
      String(restoredPort),
    ]);
    const restoreMs = Date.now() - restoreStarted;
    expect(out).toMatch(/serves on 127\.0\.0\.1:/);

    const client = new pg.Client({
      host: '127.0.0.1',
      port: restoredPort,
      user: 'postgres',
      database: 'rewards',
    });
    await client.connect();
    try {
      const rows = await client.query<{ idempotency_key: string }>(
        'select idempotency_key from ledger_entries',
      );
      const keys = new Set(rows.rows.map((r) => r.idempotency_key));
      const missing = acked.filter((a) => !keys.has(a.key));
      const lastAck = Math.max(...acked.map((a) => a.at));
      console.log(
        `PostgreSQL WAL streaming (pg_receivewal --synchronous, synchronous_standby_names): ` +
          `${acked.length} credits acknowledged, ${missing.length} lost; the last acknowledged ` +
          `${lastAck - lostAt} ms after the kill began; restore (copy, WAL replay, promote) ` +
          `${restoreMs} ms.`,
      );
      expect(missing).toEqual([]);
      // The restored database is a working one: the ledger sums as the site keeps it.
      const sums = await client.query('select count(*)::int as n from ledger_entries');
      expect(sums.rows[0].n).toBeGreaterThanOrEqual(acked.length);
    } finally {
      await client.end();
    }
  }, 300_000);
});
