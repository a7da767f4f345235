import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../env.ts';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_S,
  newDeviceId,
  validDeviceId,
  type SignInOrigin,
} from './service.ts';

// For other modules: the sign-in's recording and the device limit (auth), linked accounts (admin
// console, referral commission, withdrawal review, races, giveaway draws), the server's own secrets
// (the admin console's bootstrap password), the keyed hash (postback identities,
// admin console browsers).
export {
  areLinked,
  assertMayCreateAccount,
  hashSignal,
  hashSignals,
  isLinkedToBannedAccount,
  keptSignals,
  linkedAccountsOfUser,
  listLinkedAccounts,
  lockSignals,
  onePerPerson,
  readServerSecret,
  recordProvenSignals,
  recordProvenSignIn,
  recordSignIn,
  robloxIdHasher,
  sessionUsedByBanned,
  signalKey,
  writeServerSecret,
  type SignalHashes,
  type SignInOrigin,
} from './service.ts';

/**
 * The sign-in's origin: the browser's device id cookie (made at its first sign-in) and the caller's
 * address. The cookie is set again on every sign-in, so it lasts 400 days past the last one:
 * httpOnly, SameSite=Lax, Secure in production.
 */
export function signInOrigin(request: FastifyRequest, reply: FastifyReply, env: Env): SignInOrigin {
  const deviceId = validDeviceId(request.cookies[DEVICE_COOKIE]) ?? newDeviceId();
  reply.setCookie(DEVICE_COOKIE, deviceId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env.NODE_ENV === 'production',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  return { deviceId, ip: request.ip };
}
