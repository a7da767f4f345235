import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRoute,
  adminUserMoneyResponse,
  adminWithdrawalChangeResponse,
  adminWithdrawalsQuery,
  adminWithdrawalsResponse,
  decideWithdrawalRequest,
  errorResponses,
  idParams,
  rejectWithdrawalRequest,
  resolveWithdrawalRequest,
} from '@rewards/contracts';
import * as admin from './admin-service.ts';
import { userMoney } from './user-money.ts';
import { approveLimitOf } from '../../shared/approve-limit.ts';

/** A change of one withdrawal's state: the withdrawal after it, or why it was refused. */
const change = {
  ...adminRoute,
  params: idParams,
  response: { 200: adminWithdrawalChangeResponse, ...errorResponses(400, 401, 404, 409, 413) },
};

/** The admin console's payout queue; every route needs the admin cookie and every change is audited. */
export const adminWithdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/withdrawals',
    {
      schema: {
        ...adminRoute,
        querystring: adminWithdrawalsQuery,
        response: { 200: adminWithdrawalsResponse, ...errorResponses(400, 401) },
      },
      preHandler: app.requireAdmin,
      config: { permission: 'read' },
    },
    async (request) => admin.listWithdrawals(app.deps, request.query),
  );

  app.post(
    '/admin/withdrawals/:id/paid',
    { schema: change, preHandler: app.requireAdmin, config: { permission: 'withdrawals.pay' } },
    async (request) => admin.markWithdrawalPaid(app.deps, request.params.id, request.log),
  );

  app.post(
    '/admin/withdrawals/:id/reject',
    {
      schema: { ...change, body: rejectWithdrawalRequest },
      preHandler: app.requireAdmin,
      config: { permission: 'withdrawals.pay' },
    },
    async (request) => admin.rejectWithdrawal(app.deps, request.params.id, request.body.reason, request.log),
  );

  app.post(
    '/admin/withdrawals/:id/resolve',
    {
      schema: { ...change, body: resolveWithdrawalRequest },
      preHandler: app.requireAdmin,
      config: { permission: 'withdrawals.pay' },
    },
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
    {
      schema: { ...change, body: decideWithdrawalRequest },
      preHandler: app.requireAdmin,
      config: { permission: 'withdrawals.decide' },
    },
    async (request) =>
      admin.decideWithdrawal(app.deps, request.params.id, request.body, request.log, approveLimitOf(request)),
  );

  // The user view's money state: reversal figures, holds, what blocks a withdrawal, open withdrawals.
  app.get(
    '/admin/users/:id/money',
    {
      schema: {
        ...adminRoute,
        params: idParams,
        response: { 200: adminUserMoneyResponse, ...errorResponses(400, 401, 404) },
      },
      preHandler: app.requireAdmin,
      config: { permission: 'read' },
    },
    async (request) => userMoney(app.deps, request.params.id),
  );
};
