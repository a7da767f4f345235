import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addPointsRequest,
  addPointsResponse,
  adminLedgerResponse,
  adminRoute,
  adminUsersQuery,
  adminUsersResponse,
  beforeIdQuery,
  errorResponses,
  idParams,
  linkedAccountsResponse,
  toggleBanRequest,
  toggleBanResponse,
} from '@rewards/contracts';
import { linkedAccountsOfUser } from '../signals/index.ts';
import * as service from './service.ts';

/** The admin console's player accounts: list, ban, grant, ledger, linked accounts. Admin cookie only. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireAdmin);

  const userCounts = service.newUserCountCache();
  app.get(
    '/all-users',
    {
      schema: {
        ...adminRoute,
        querystring: adminUsersQuery,
        response: { 200: adminUsersResponse, ...errorResponses(400, 401) },
      },
      config: { permission: 'read' },
    },
    async (request) => service.listUsers(app.deps, request.query, userCounts),
  );

  app.put(
    '/toggle-ban/:id',
    {
      schema: {
        ...adminRoute,
        params: idParams,
        body: toggleBanRequest,
        response: { 200: toggleBanResponse, ...errorResponses(400, 401, 404, 413) },
      },
      config: { permission: 'users.ban' },
    },
    async (request) => service.setBanStatus(app.deps, request.params.id, request.body.status),
  );

  app.post(
    '/admin/add-points',
    {
      schema: {
        ...adminRoute,
        body: addPointsRequest,
        response: { 200: addPointsResponse, ...errorResponses(400, 401, 404, 409, 413) },
      },
      config: { permission: 'users.points' },
    },
    async (request) => {
      const key = request.headers['idempotency-key'];
      return service.addPoints(
        app.deps,
        request.body,
        typeof key === 'string' ? key.slice(0, 100) : undefined,
      );
    },
  );

  app.get(
    '/admin/users/:id/ledger',
    {
      schema: {
        ...adminRoute,
        params: idParams,
        querystring: beforeIdQuery,
        response: { 200: adminLedgerResponse, ...errorResponses(400, 401) },
      },
      config: { permission: 'read' },
    },
    async (request) => ({
      entries: await service.userLedger(app.deps, request.params.id, request.query.before),
    }),
  );

  // The accounts sharing a device or a sign-in address with this one, with the shared signal and when.
  app.get(
    '/admin/users/:id/linked',
    {
      schema: {
        ...adminRoute,
        params: idParams,
        response: { 200: linkedAccountsResponse, ...errorResponses(400, 401, 404) },
      },
      config: { permission: 'read' },
    },
    async (request) => linkedAccountsOfUser(app.deps.db, request.params.id),
  );
};
