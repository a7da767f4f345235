import type { FastifyPluginAsync } from 'fastify';
import { runRetention } from './service.ts';

// For app.ts: the periodic removal of personal data past retention; for tests, one run of it.
export { runRetention, SESSION_GRACE_DAYS, SPENT_SIGN_IN_DAYS, type RetentionReport } from './service.ts';

/** How often each process removes what is past retention (the deletes are idempotent). */
export const RETENTION_SWEEP_MS = 60 * 60_000;

/** Runs the retention task every RETENTION_SWEEP_MS while the app is up. */
export const retentionPlugin: FastifyPluginAsync = async (app) => {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      runRetention(app.deps).catch((err: unknown) => app.log.error({ err }, 'retention task failed'));
    }, RETENTION_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
};
