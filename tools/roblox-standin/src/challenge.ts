import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { robloxErrors, type StandinState } from './state.ts';

/**
 * Roblox's answer when an account must pass a challenge (two-step verification, captcha…) before
 * a write: a 403 naming the challenge in headers. The stand-in never lets one be passed; a test
 * turns challenges off instead.
 */
export function answerChallenge(state: StandinState, reply: FastifyReply): void {
  const challengeId = randomUUID();
  const metadata = { userId: String(state.payout.userId), challengeId, actionType: 'Generic' };
  state.challengesAnswered += 1;
  void reply
    .code(403)
    .header('rblx-challenge-id', challengeId)
    .header('rblx-challenge-type', state.challenge.type)
    .header('rblx-challenge-metadata', Buffer.from(JSON.stringify(metadata)).toString('base64'))
    .send(robloxErrors(0, 'Challenge is required to authorize the request'));
}
