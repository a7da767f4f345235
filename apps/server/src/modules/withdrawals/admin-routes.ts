import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminWithdrawalsQuery,
  rejectWithdrawalRequest,
  resolveWithdrawalRequest,
  withdrawalIdParams,
} from '@rewards/contracts';
import * as admin from './admin-service.ts';

/** The admin console's payout queue; every route needs the admin cookie and every change is audited. */
export const adminWithdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/withdrawals',
    { schema: { querystring: adminWithdrawalsQuery }, preHandler: app.requireAdmin },
    async (request) => admin.listWithdrawals(app.deps, request.query),
  );

  app.post(
    '/admin/withdrawals/:id/paid',
    { schema: { params: withdrawalIdParams }, preHandler: app.requireAdmin },
    async (request) => admin.markWithdrawalPaid(app.deps, request.params.id, request.log),
  );

  app.post(
    '/admin/withdrawals/:id/reject',
    { schema: { params: withdrawalIdParams, body: rejectWithdrawalRequest }, preHandler: app.requireAdmin },
    async (request) => admin.rejectWithdrawal(app.deps, request.params.id, request.body.reason, request.log),
  );

  app.post(
    '/admin/withdrawals/:id/resolve',
    { schema: { params: withdrawalIdParams, body: resolveWithdrawalRequest }, preHandler: app.requireAdmin },
    async (request) =>
      admin.resolveNeedsReview(
        app.deps,
        request.params.id,
        request.body.outcome,
        request.body.note,
        request.log,
      ),
  );
};
