import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRoute,
  economicsQuery,
  economicsResponse,
  economicsWarningsResponse,
  errorResponses,
  robuxCostBody,
  robuxCostsResponse,
} from '@rewards/contracts';
import { listRobuxCosts, setRobuxCost } from './costs.ts';
import { economicsCsv } from './csv.ts';
import { economics } from './service.ts';
import { economicsWarnings } from './warnings.ts';

/** The console's Economics section (cookie session): owners and moderators; support gets 403. */
export const economicsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireAdmin);

  app.get(
    '/admin/economics',
    {
      schema: {
        ...adminRoute,
        querystring: economicsQuery,
        response: { 200: economicsResponse, ...errorResponses(400, 401, 403) },
      },
      config: { permission: 'economics.read' },
    },
    async (request) => economics(app.deps, request.query),
  );

  app.get(
    '/admin/economics/export',
    {
      schema: {
        ...adminRoute,
        querystring: economicsQuery,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403) },
      },
      config: { permission: 'economics.read' },
    },
    async (request, reply) => {
      const figures = await economics(app.deps, request.query);
      const name = `economics-${figures.from}-to-${figures.to}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(economicsCsv(figures));
    },
  );

  app.get(
    '/admin/economics/warnings',
    {
      schema: { ...adminRoute, response: { 200: economicsWarningsResponse, ...errorResponses(401, 403) } },
      config: { permission: 'economics.read' },
    },
    async (request) => ({ warnings: await economicsWarnings(app.deps, request.log) }),
  );

  app.get(
    '/admin/economics/costs',
    {
      schema: { ...adminRoute, response: { 200: robuxCostsResponse, ...errorResponses(401, 403) } },
      config: { permission: 'economics.read' },
    },
    async () => listRobuxCosts(app.deps),
  );

  app.put(
    '/admin/economics/costs',
    {
      schema: {
        ...adminRoute,
        body: robuxCostBody,
        response: { 200: robuxCostsResponse, ...errorResponses(400, 401, 403) },
      },
      config: { permission: 'economics.edit' },
    },
    async (request) => setRobuxCost(app.deps, request.body, request.staff!.username),
  );
};
