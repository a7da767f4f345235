import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOfferRoutes } from './admin/routes.ts';
import { releaseDueHolds } from './credits/service.ts';
import { pendingRoutes } from './credits/routes.ts';
import { postbackRoutes } from './postbacks/routes.ts';
import { referralRoutes } from './referrals/routes.ts';
import { wallRoutes } from './walls/routes.ts';

// For other modules: the profile's `pendingRobux`, the admin console's postback list and replay, the
// postback log's pruning (run by the retention module with the rest of the site's retention), and
// keeping a deleted account's Roblox id refused as a CPX transaction id (account deletion).
export { pendingRobuxOf, releaseDueHolds } from './credits/service.ts';
export { handlePostback } from './postbacks/service.ts';
export { replayPostback } from './postbacks/replay.ts';
export { prunePostbackLog } from './postbacks/retention.ts';
export { listPostbacks } from './postbacks/repository.ts';
export { retireRobloxId, robloxIdHasher } from './postbacks/retired-ids.ts';

/** How often held offer credits whose hold has passed are paid. */
export const HOLD_SWEEP_MS = 60_000;

/** Every route of this feature, registered under /api by app.ts. */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(wallRoutes);
  await app.register(postbackRoutes);
  await app.register(pendingRoutes);
  await app.register(referralRoutes);
  await app.register(adminOfferRoutes);

  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, task: () => Promise<unknown>, what: string) => {
    const timer = setInterval(() => {
      task().catch((err: unknown) => app.log.error({ err }, `${what} failed`));
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  app.addHook('onReady', async () => {
    every(HOLD_SWEEP_MS, () => releaseDueHolds(app.deps), 'releasing held offer credits');
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });
};
