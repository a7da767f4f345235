import { backupSqlite } from './sqlite-backup.ts';

/**
 * One backup in a process of its own (`continuous-backup.ts` starts it): `<source> <out>`, the
 * result as JSON on stdout. The copy blocks the thread that runs it for as long as it reads the
 * database (about a second per 200 MB) and holds two page caches meanwhile; here neither is the
 * server's.
 */
const [source, out] = process.argv.slice(2);
if (!source || !out) {
  process.stderr.write('usage: sqlite-backup-child <source> <out>\n');
  process.exit(2);
}
process.stdout.write(JSON.stringify(await backupSqlite(source, out, { force: true })));
