import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountExport, errorResponses, playerRoute } from '@rewards/contracts';
import { playerOf, requireOwnershipProof } from '../auth/index.ts';
import * as service from './service.ts';

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  // A banned player may download their data too, from a session that proved ownership in the last 10
  // minutes (anyone may type the name).
  app.get(
    '/account/export',
    {
      schema: { ...playerRoute, response: { 200: accountExport, ...errorResponses(401, 403, 429) } },
      preHandler: app.requirePlayer,
      // Personal data: no cache keeps a copy (plugins/no-store.ts). It reads every table about the
      // player: a person downloads it once or twice.
      config: {
        noStore: true,
        // Per player from each address: a stranger who typed the name of an unprotected account
        // (refused without proof) does not use up the owner's downloads; per address as well.
        limits: [
          { max: 3, key: 'player-address' },
          { max: 10, key: 'address' },
        ],
      },
    },
    async (request, reply) => {
      const player = playerOf(request);
      await requireOwnershipProof(app.deps, player);
      const data = await service.exportAccountData(app.deps, player);
      const name = service.exportFileName(player.username, new Date(data.exportedAt));
      reply.header('content-disposition', `attachment; filename="${name}"`);
      return data;
    },
  );
};
