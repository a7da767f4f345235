import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRoute,
  errorResponses,
  payoutAccountResponse,
  replacePayoutCookieRequest,
} from '@rewards/contracts';
import { replacePayoutCookie, resumePayouts } from './actions.ts';
import { payoutAccountOverview } from './overview.ts';

/** The admin console's payout account: its health and Robux, a new cookie, resume. */
export const payoutAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    ...adminRoute,
    response: { 200: payoutAccountResponse, ...errorResponses(400, 401, 409, 413, 503) },
  };

  app.get(
    '/admin/payout-account',
    { schema, preHandler: app.requireAdmin, config: { permission: 'read' } },
    async (request) => payoutAccountOverview(app.deps, request.log),
  );

  // The body holds the cookie: request bodies never reach the log (plugins/request-logging.ts).
  app.post(
    '/admin/payout-account/cookie',
    {
      schema: { ...schema, body: replacePayoutCookieRequest },
      preHandler: app.requireAdmin,
      config: { permission: 'payoutAccount.edit' },
    },
    async (request) => replacePayoutCookie(app.deps, request.body.cookie, request.log),
  );

  app.post(
    '/admin/payout-account/resume',
    { schema, preHandler: app.requireAdmin, config: { permission: 'payoutAccount.edit' } },
    async (request) => resumePayouts(app.deps, request.log),
  );
};
