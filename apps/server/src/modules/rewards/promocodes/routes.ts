import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPromoCode,
  adminPromoCodesResponse,
  adminRoute,
  createPromoCodeRequest,
  errorResponses,
  idParams,
  playerRoute,
  promoRedeemRequest,
  promoRedeemResponse,
  setPromoCodeActiveRequest,
} from '@rewards/contracts';
import { playerOf } from '../../auth/index.ts';
import { requireHuman } from '../../humancheck/index.ts';
import * as service from './service.ts';

export const promocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  // The body's username (spec) is ignored: the session decides who redeems.
  app.post(
    '/promocode/redeem',
    {
      schema: {
        ...playerRoute,
        body: promoRedeemRequest,
        response: { 200: promoRedeemResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 429, 503) },
      },
      config: {
        legacyErrorFields: 'refusals',
        limits: [
          // Generous: a person types a few codes a minute; a script guessing codes is slowed down.
          { max: 30, key: 'player' },
          // ... and per address, so many accounts from one address do not multiply the guesses.
          { max: app.deps.env.RATE_LIMIT_PROMO_PER_MINUTE, key: 'address' },
        ],
      },
      preHandler: app.requireActivePlayer,
    },
    async (request) => {
      await requireHuman(app.deps, request, 'promo');
      return service.redeemPromoCode(app.deps, playerOf(request), request.body.code);
    },
  );
};

/** The admin console's promo code calls (cookie session). */
export const promocodeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/promocodes',
    {
      schema: { ...adminRoute, response: { 200: adminPromoCodesResponse, ...errorResponses(401) } },
      preHandler: app.requireAdmin,
      config: { permission: 'read' },
    },
    async () => ({ promoCodes: await service.listPromoCodes(app.deps) }),
  );

  app.post(
    '/admin/promocodes',
    {
      schema: {
        ...adminRoute,
        body: createPromoCodeRequest,
        response: { 201: adminPromoCode, ...errorResponses(400, 401, 409, 413) },
      },
      preHandler: app.requireAdmin,
      config: { permission: 'promocodes.edit' },
    },
    async (request, reply) => reply.status(201).send(await service.createPromoCode(app.deps, request.body)),
  );

  app.patch(
    '/admin/promocodes/:id',
    {
      schema: {
        ...adminRoute,
        params: idParams,
        body: setPromoCodeActiveRequest,
        response: { 200: adminPromoCode, ...errorResponses(400, 401, 404, 413) },
      },
      preHandler: app.requireAdmin,
      config: { permission: 'promocodes.edit' },
    },
    async (request) => service.setPromoCodeActive(app.deps, request.params.id, request.body.active),
  );
};
