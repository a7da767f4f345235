import { afterAll, beforeAll, beforeEach } from 'vitest';
import { standinControl, startStandin, type Standin, type StandinControl } from '@rewards/roblox-standin';
import { createTestApp, type TestApp, type TestEnv } from './test-app.ts';

/*
 * Most API suites open the same way: a test app of their own before the first test, closed after the
 * last. `openTestApp()` registers that pair in the enclosing suite; the app is this module's `t`, a
 * live binding that holds the current suite's app while its tests run (each test file has its own
 * module, and suites in a file run one after another).
 */

export let t: TestApp;

export function openTestApp(opts: { env?: TestEnv } = {}): void {
  beforeAll(async () => {
    t = await createTestApp(opts);
  });
  afterAll(async () => {
    await t?.close();
  });
}

/**
 * For suites that need several apps, each with its own settings: returns a maker of apps with
 * `defaults` under each call's `env`, and closes every app it made after the suite's last test.
 */
export function testApps(
  defaults: Record<string, string> = {},
): (env?: Record<string, string>) => Promise<TestApp> {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  return async (env = {}) => {
    const app = await createTestApp({ env: { ...defaults, ...env } });
    apps.push(app);
    return app;
  };
}

/**
 * For suites that speak to the Roblox stand-in alone, without the app: a stand-in of the suite's own
 * before its first test, reset before each test and closed after the last. The stand-in and its
 * `/_control` API are the returned object's fields once the suite runs.
 */
export function openStandin(): { standin: Standin; control: StandinControl } {
  const opened = {} as { standin: Standin; control: StandinControl };
  beforeAll(async () => {
    opened.standin = await startStandin({ port: 0 });
    opened.control = standinControl(opened.standin.url);
  });
  afterAll(async () => {
    await opened.standin?.close();
  });
  beforeEach(async () => {
    await opened.control('POST', '/reset');
  });
  return opened;
}
