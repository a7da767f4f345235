import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAuditQuery,
  adminAuditResponse,
  adminRoute,
  errorResponses,
  overviewResponse,
} from '@rewards/contracts';
import * as service from './service.ts';

/** The admin console's dashboard figures and the audit log of admin changes. Admin cookie only. */
export const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireAdmin);

  app.get(
    '/admin/overview',
    {
      schema: { ...adminRoute, response: { 200: overviewResponse, ...errorResponses(401, 403) } },
      config: { permission: 'read' },
    },
    async () => service.overview(app.deps),
  );

  app.get(
    '/admin/audit',
    {
      schema: {
        ...adminRoute,
        querystring: adminAuditQuery,
        response: { 200: adminAuditResponse, ...errorResponses(400, 401, 403) },
      },
      config: { permission: 'read' },
    },
    async (request) => ({
      entries: await service.auditLog(app.deps, request.query.before, request.query.actor),
    }),
  );
};
