import type { FastifyReply, FastifyRequest } from 'fastify';
import { answerChallenge } from './challenge.ts';
import { robloxErrors, type StandinState } from './state.ts';

const denied = robloxErrors(0, 'Authorization has been denied for this request.');

const cookieOf = (req: FastifyRequest) =>
  /(?:^|;\s*)\.ROBLOSECURITY=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];

/**
 * Whether the request carries the payout account's session. Once a test sets `payout.cookie`,
 * any other value is an expired or replaced session; until then any cookie will do.
 */
export function isPayoutAccount(state: StandinState, req: FastifyRequest): boolean {
  const cookie = cookieOf(req);
  if (!cookie) return false;
  return state.payout.cookie === null || cookie === state.payout.cookie;
}

/** Answers 401 unless the request is the payout account's; returns whether it may go on. */
export function requirePayoutAccount(state: StandinState, req: FastifyRequest, reply: FastifyReply): boolean {
  if (isPayoutAccount(state, req)) return true;
  void reply.code(401).send(denied);
  return false;
}

/** Answers 403 for a user's data that is not the payout account's own. */
export const denyForeign = (reply: FastifyReply) => reply.code(403).send(denied);

/**
 * The gate of every authenticated write, in Roblox's order: the session, then the CSRF token
 * (a 403 carrying the fresh token, which the client retries with), then a pending challenge.
 * Returns whether the write may go on; otherwise the answer has been sent.
 */
export function admitWrite(state: StandinState, req: FastifyRequest, reply: FastifyReply): boolean {
  if (!requirePayoutAccount(state, req, reply)) return false;
  if (req.headers['x-csrf-token'] !== state.csrfToken) {
    void reply
      .code(403)
      .header('x-csrf-token', state.csrfToken)
      .send(robloxErrors(0, 'Token Validation Failed'));
    return false;
  }
  if (state.challenge.on) {
    answerChallenge(state, reply);
    return false;
  }
  return true;
}
