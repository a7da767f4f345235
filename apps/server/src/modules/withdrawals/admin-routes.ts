import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminWithdrawalsQuery,
  decideWithdrawalRequest,
  idParams,
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

  // A withdrawal in review (a review rule applied) or held (the player was banned): approve or refund.
  app.post(
    '/admin/withdrawals/:id/decide',
    { schema: { params: withdrawalIdParams, body: decideWithdrawalRequest }, preHandler: app.requireAdmin },
    async (request) => admin.decideWithdrawal(app.deps, request.params.id, request.body, request.log),
  );

  // The user view's money state: reversal figures, holds, what blocks a withdrawal, open withdrawals.
  app.get(
    '/admin/users/:id/money',
    { schema: { params: idParams }, preHandler: app.requireAdmin },
    async (request) => admin.userMoney(app.deps, request.params.id),
  );
};
