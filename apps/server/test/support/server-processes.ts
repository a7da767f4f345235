import { startStandin } from '@rewards/roblox-standin';
import { freePort } from '../../../../e2e/support/processes.ts';
import { TEST_CPX_SECRET } from './postbacks.ts';
import { serverProcessEnv } from './server-env.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { createTestDatabase } from './test-database.ts';

export interface ServerProcesses {
  /** Each process's base URL, in the order they were started. */
  bases: string[];
  servers: ServerProcess[];
  close(): Promise<void>;
}

/**
 * `count` production server processes on one fresh database (PostgreSQL with TEST_ENGINE=postgres,
 * else one SQLite file), as `npm run start:cluster` runs them, with a Roblox stand-in. Started one
 * after the other: each checks the schema at start. `env` is added to the tests' usual settings.
 */
export async function startServerProcesses(
  count: number,
  env: Record<string, string> = {},
): Promise<ServerProcesses> {
  const database = await createTestDatabase();
  const standin = await startStandin({ port: 0 });
  const bases: string[] = [];
  const servers: ServerProcess[] = [];
  const close = async () => {
    await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    await standin.close();
    await database.drop();
  };
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      bases.push(`http://127.0.0.1:${port}`);
      servers.push(
        await startServerProcess(bases.at(-1)!, {
          ...serverProcessEnv({
            port,
            databaseUrl: database.url,
            standinUrl: standin.url,
            adminPassword: 'server-processes-admin-pw',
            cpxSecret: TEST_CPX_SECRET,
          }),
          LOG_LEVEL: 'error',
          ...env,
        }),
      );
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { bases, servers, close };
}
