import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  promoCodeIdParams,
  promoRedeemRequest,
  createPromoCodeRequest,
  setPromoCodeActiveRequest,
} from '@rewards/contracts';
import { playerOf } from '../../../plugins/authenticate.ts';
import { requireHuman } from '../../humancheck/turnstile.ts';
import * as service from './service.ts';

export const promocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  // The body's username (spec) is ignored: the session decides who redeems.
  app.post(
    '/promocode/redeem',
    { schema: { body: promoRedeemRequest }, preHandler: app.requireActivePlayer },
    async (request) => {
      await requireHuman(app.deps, request, 'promo');
      return service.redeemPromoCode(app.deps, playerOf(request), request.body.code);
    },
  );
};

/** The admin console's promo code calls (cookie session). */
export const promocodeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/promocodes', { preHandler: app.requireAdmin }, async () => ({
    promoCodes: await service.listPromoCodes(app.deps),
  }));

  app.post(
    '/admin/promocodes',
    { schema: { body: createPromoCodeRequest }, preHandler: app.requireAdmin },
    async (request, reply) => reply.status(201).send(await service.createPromoCode(app.deps, request.body)),
  );

  app.patch(
    '/admin/promocodes/:id',
    { schema: { params: promoCodeIdParams, body: setPromoCodeActiveRequest }, preHandler: app.requireAdmin },
    async (request) => service.setPromoCodeActive(app.deps, request.params.id, request.body.active),
  );
};
