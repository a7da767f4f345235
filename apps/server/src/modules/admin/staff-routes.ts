import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRoute,
  changeOwnPasswordRequest,
  createStaffRequest,
  errorResponses,
  idParams,
  noContent,
  resetStaffPasswordRequest,
  staffListResponse,
  staffMeResponse,
  staffMember,
  totpDisableRequest,
  totpEnableRequest,
  totpEnableResponse,
  totpSetupResponse,
  updateStaffRequest,
} from '@rewards/contracts';
import * as staff from './staff-service.ts';
import * as account from './staff-account-service.ts';
import { hashToken } from '../auth/index.ts';
import { ADMIN_COOKIE } from './session-hook.ts';

/** Staff accounts (owner only) and "My account" (every member, about themselves). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { permission: 'staff.manage' } as const;
  const self = { permission: 'self' } as const;
  // Answers with a TOTP secret or recovery codes: no cache keeps them (plugins/no-store.ts).
  const selfSecret = { ...self, noStore: true } as const;

  app.get(
    '/admin/staff',
    {
      schema: { ...adminRoute, response: { 200: staffListResponse, ...errorResponses(401) } },
      config: manage,
    },
    async () => ({ staff: await staff.listStaffMembers(app.deps) }),
  );

  app.post(
    '/admin/staff',
    {
      schema: {
        ...adminRoute,
        body: createStaffRequest,
        response: { 201: staffMember, ...errorResponses(400, 401, 409, 413) },
      },
      config: manage,
    },
    async (request, reply) => reply.status(201).send(await staff.createStaffMember(app.deps, request.body)),
  );

  app.patch(
    '/admin/staff/:id',
    {
      schema: {
        ...adminRoute,
        params: idParams,
        body: updateStaffRequest,
        response: { 200: staffMember, ...errorResponses(400, 401, 404, 409, 413) },
      },
      config: manage,
    },
    async (request) => staff.updateStaffMember(app.deps, request.params.id, request.body),
  );

  app.post(
    '/admin/staff/:id/reset-password',
    {
      schema: {
        ...adminRoute,
        params: idParams,
        body: resetStaffPasswordRequest,
        response: { 204: noContent, ...errorResponses(400, 401, 404, 413) },
      },
      config: manage,
    },
    async (request, reply) => {
      await staff.resetStaffPassword(app.deps, request.params.id, request.body.password);
      return reply.status(204).send();
    },
  );

  app.get(
    '/admin/me',
    { schema: { ...adminRoute, response: { 200: staffMeResponse, ...errorResponses(401) } }, config: self },
    async (request) => account.me(app.deps, request.staff!),
  );

  app.post(
    '/admin/me/password',
    {
      schema: {
        ...adminRoute,
        body: changeOwnPasswordRequest,
        response: { 204: noContent, ...errorResponses(400, 401, 409, 413, 429) },
      },
      config: self,
    },
    async (request, reply) => {
      await account.changeOwnPassword(
        app.deps,
        request.staff!,
        request.body,
        request.ip,
        hashToken(request.cookies[ADMIN_COOKIE] ?? ''),
      );
      return reply.status(204).send();
    },
  );

  app.post(
    '/admin/me/totp/setup',
    {
      schema: { ...adminRoute, response: { 200: totpSetupResponse, ...errorResponses(401, 409) } },
      config: selfSecret,
    },
    async (request) => account.setupTotp(app.deps, request.staff!),
  );

  app.post(
    '/admin/me/totp/enable',
    {
      schema: {
        ...adminRoute,
        body: totpEnableRequest,
        response: { 200: totpEnableResponse, ...errorResponses(400, 401, 409, 413) },
      },
      config: selfSecret,
    },
    async (request) => ({
      recoveryCodes: await account.enableTotp(app.deps, request.staff!, request.body.code),
    }),
  );

  app.post(
    '/admin/me/totp/disable',
    {
      schema: {
        ...adminRoute,
        body: totpDisableRequest,
        response: { 204: noContent, ...errorResponses(400, 401, 409, 413) },
      },
      config: self,
    },
    async (request, reply) => {
      await account.disableTotp(app.deps, request.staff!, request.body.code, request.ip);
      return reply.status(204).send();
    },
  );
};
