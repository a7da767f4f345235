import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDatabase, type Database } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { defaultBackupFile, POSTGRES_REFUSAL, sqliteFileOf } from '../../../scripts/backup.ts';
import { testEngine } from './support/test-database.ts';
import { bearer, createTestApp, type TestApp } from './support/test-app.ts';
import { expectInvariant } from './support/ledger.ts';
import { sendCpxPostback } from './support/postbacks.ts';
import { runCommand } from './support/commands.ts';

/**
 * `npm run backup` copies the SQLite database while the site writes to it; the copy, restored as
 * the database, holds every transaction committed before the backup began, keeps the ledger
 * invariant and runs the site. On PostgreSQL the script refuses and points to pg_dump, and the
 * README's pg_dump/pg_restore commands are tested the same way.
 */

describe(`backups on ${testEngine}`, () => {
  let t: TestApp;
  let dir: string;
  const players: Array<{ robloxId: number; token: string; name: string }> = [];

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(join(tmpdir(), 'rewards-backup-'));
    for (const name of ['AliceRBX', 'BobBuilder', 'CarolPlays']) {
      const { token, body } = await t.login(name);
      players.push({ robloxId: body.user.robloxId, token, name });
    }
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Signed CPX credits through the app, a few at a time, until stopped; records each one that was
   * acknowledged (answer 200 "1": committed) with its ledger key.
   */
  function startWriter(prefix: string) {
    const acked: string[] = [];
    let stopped = false;
    let n = 0;
    const lane = async () => {
      while (!stopped) {
        const trans = `${prefix}-${n++}`;
        const p = players[n % players.length]!;
        const res = await sendCpxPostback(t, {
          trans,
          user: String(p.robloxId),
          local: `${(n % 7) + 1}.25`,
          usd: '0.10',
        });
        if (res.statusCode === 200 && res.body === '1') acked.push(`postback:cpx:${trans}`);
        else throw new Error(`postback answered ${res.statusCode} ${res.body}`);
        await new Promise((r) => setImmediate(r));
      }
    };
    const lanes = Promise.all([lane(), lane(), lane()]);
    return {
      acked,
      async stop() {
        stopped = true;
        await lanes;
      },
      async until(count: number) {
        while (acked.length < count) await new Promise((r) => setTimeout(r, 10));
      },
    };
  }

  async function ledgerKeys(db: Database) {
    const rows = await db
      .selectFrom('ledger_entries')
      .select(['id', 'idempotency_key'])
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id, key: r.idempotency_key }));
  }

  /** The checks on a restored database: earlier commits, invariant, and a working site on it. */
  async function checkRestored(db: Database, committedBefore: string[]) {
    await migrateToLatest(db); // nothing to do: the copy has the schema it was taken with
    await expectInvariant(db);
    const keys = new Set((await ledgerKeys(db)).map((r) => r.key));
    const missing = committedBefore.filter((k) => !keys.has(k));
    expect(missing).toEqual([]);

    // The site runs on it: sessions, balances and new credits work.
    const app = await buildApp({ ...t.deps, db }, { logger: false });
    try {
      const p = players[0]!;
      const me = await app.inject({ method: 'GET', url: `/api/user/${p.name}`, headers: bearer(p.token) });
      expect(me.statusCode, me.body).toBe(200);
      const user = await db
        .selectFrom('users')
        .select('balance')
        .where('roblox_id', '=', p.robloxId)
        .executeTakeFirstOrThrow();
      expect(me.json().robux).toBe(Number(user.balance) / 100);
      const trans = `after-restore-${Math.random().toString(36).slice(2)}`;
      const credit = await sendCpxPostback(
        { app },
        { trans, user: String(p.robloxId), local: '3', usd: '0.05' },
      );
      expect(credit.body).toBe('1');
      await expectInvariant(db);
    } finally {
      await app.close();
    }
    return keys;
  }

  it.runIf(testEngine === 'sqlite')(
    'npm run backup copies SQLite while the site writes; the restored copy has every earlier commit and the invariant',
    async () => {
      const writer = startWriter('bk');
      await writer.until(60);
      // Acknowledged means committed: all of these are in the database before the backup starts.
      const committedBefore = [...writer.acked];
      const out = join(dir, 'backups', 'site.db');
      const backup = await runCommand('npm', ['run', '--silent', 'backup', '--', '--out', out], {
        env: { DATABASE_URL: t.deps.env.DATABASE_URL! },
      });
      const ackedWhileBackingUp = writer.acked.length - committedBefore.length;
      await writer.stop();
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/^Backed up .* to .*site\.db: .* ledger entries, .*integrity ok/m);
      // The site kept taking writes while the backup process ran.
      expect(ackedWhileBackingUp).toBeGreaterThan(0);
      expect(existsSync(`${out}-wal`)).toBe(false);

      // Restore as the README says: server stopped, the file put in place, no -wal/-shm beside it.
      const restoredPath = join(dir, 'restored', 'rewards.db');
      mkdirSync(join(dir, 'restored'));
      copyFileSync(out, restoredPath);
      const check = new SQLite(restoredPath, { readonly: true });
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(check.pragma('journal_mode', { simple: true })).toBe('delete');
      check.close();

      const restored = createDatabase(restoredPath);
      try {
        const copyKeys = await ledgerKeys(restored);
        // One instant of the database: exactly the entries up to the last one it holds, no gaps.
        const original = await ledgerKeys(t.deps.db);
        const lastId = copyKeys.at(-1)!.id;
        expect(copyKeys).toEqual(original.filter((r) => r.id <= lastId));
        expect(copyKeys.length).toBeGreaterThanOrEqual(committedBefore.length);
        console.log(
          `backup: ${committedBefore.length} credits acknowledged before it began, ${ackedWhileBackingUp} while it ran; ` +
            `the copy holds ${copyKeys.length} of ${original.length} ledger entries, as one instant`,
        );
        await checkRestored(restored, committedBefore);
      } finally {
        await restored.destroy();
      }

      // A backup never overwrites a file that exists.
      const again = await runCommand('npm', ['run', '--silent', 'backup', '--', '--out', out], {
        env: { DATABASE_URL: t.deps.env.DATABASE_URL! },
      });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/exists already; choose another --out file or add --force/);
    },
    60_000,
  );

  it('names backups after the database and the UTC time, beside the database', () => {
    const at = new Date('2026-03-02T10:04:05.678Z');
    expect(defaultBackupFile(sqliteFileOf(undefined), at)).toBe(
      join('data', 'backups', 'rewards-20260302T100405Z.db'),
    );
    expect(defaultBackupFile(sqliteFileOf('sqlite:///srv/site/main.sqlite'), at)).toBe(
      '/srv/site/backups/main-20260302T100405Z.db',
    );
  });

  it('refuses PostgreSQL with a pointer to the WAL stream, pg_dump and pg_restore', async () => {
    const res = await runCommand(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], {
      env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/rewards' },
    });
    expect(res.code).toBe(2);
    expect(res.stderr.trim()).toBe(POSTGRES_REFUSAL);
    expect(res.stderr).toContain(
      'DATABASE_URL points at PostgreSQL: `npm run backup` copies the SQLite database only.',
    );
    expect(res.stderr).toContain('scripts/backup/pg-stream.sh');
    expect(res.stderr).toContain('pg_dump --format=custom');
    expect(res.stderr).toContain('pg_restore --no-owner');
    expect(res.stdout).toBe('');
  });

  it('says so when there is no SQLite database where DATABASE_URL points', async () => {
    const res = await runCommand(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], {
      env: { DATABASE_URL: join(dir, 'nothing-here.db') },
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^Backup failed: There is no database at .*nothing-here\.db/m);
    expect(existsSync(join(dir, 'nothing-here.db'))).toBe(false);
  });

  it.runIf(testEngine === 'postgres')(
    "the README's pg_dump while the site writes, then pg_restore into an empty database: every earlier commit and the invariant",
    async () => {
      const url = t.deps.env.DATABASE_URL!;
      const writer = startWriter('pg');
      await writer.until(60);
      const committedBefore = [...writer.acked];
      const dump = join(dir, 'rewards.dump');
      const dumped = await runCommand('pg_dump', ['--format=custom', `--file=${dump}`, url]);
      const ackedWhileBackingUp = writer.acked.length - committedBefore.length;
      await writer.stop();
      expect(dumped.code, dumped.stderr).toBe(0);
      expect(ackedWhileBackingUp).toBeGreaterThan(0);
      console.log(
        `pg_dump: ${committedBefore.length} credits acknowledged before it began, ${ackedWhileBackingUp} while it ran`,
      );

      const name = `rewards_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      let restored: Database | undefined;
      try {
        const r = await runCommand('pg_restore', ['--no-owner', `--dbname=${target}`, dump]);
        expect(r.code, r.stderr).toBe(0);
        restored = createDatabase(target.toString());
        await checkRestored(restored, committedBefore);
      } finally {
        await restored?.destroy();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    60_000,
  );
});
