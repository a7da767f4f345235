import { afterAll, beforeAll } from 'vitest';
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
