import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addPointsRequest, adminUsersQuery, idParams, toggleBanRequest } from '@rewards/contracts';
import { z } from 'zod';
import { linkedAccountsOfUser } from '../signals/index.ts';
import * as service from './service.ts';

const beforeQuery = z.object({ before: z.coerce.number().int().positive().max(2_147_483_647).optional() });

/** The admin console's user management; every route needs the admin cookie. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireAdmin);

  const userCounts = service.newUserCountCache();
  app.get('/all-users', { schema: { querystring: adminUsersQuery } }, async (request) =>
    service.listUsers(app.deps, request.query, userCounts),
  );

  app.put('/toggle-ban/:id', { schema: { params: idParams, body: toggleBanRequest } }, async (request) =>
    service.setBanStatus(app.deps, request.params.id, request.body.status),
  );

  app.post('/admin/add-points', { schema: { body: addPointsRequest } }, async (request) => {
    const key = request.headers['idempotency-key'];
    return service.addPoints(app.deps, request.body, typeof key === 'string' ? key.slice(0, 100) : undefined);
  });

  app.get(
    '/admin/users/:id/ledger',
    { schema: { params: idParams, querystring: beforeQuery } },
    async (request) => ({
      entries: await service.userLedger(app.deps, request.params.id, request.query.before),
    }),
  );

  // The accounts sharing a device or a sign-in address with this one, with the shared signal and when.
  app.get('/admin/users/:id/linked', { schema: { params: idParams } }, async (request) =>
    linkedAccountsOfUser(app.deps.db, request.params.id),
  );

  app.get('/admin/overview', async () => service.overview(app.deps));

  app.get('/admin/audit', { schema: { querystring: beforeQuery } }, async (request) => ({
    entries: await service.auditLog(app.deps, request.query.before),
  }));
};
