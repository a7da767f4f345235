import { z } from 'zod';

const step = <Id extends string>(id: Id) => z.object({ id: z.literal(id), done: z.boolean() });

/**
 * One step of the earn page's first-steps guide, ticked (`done`) from the server's own records:
 * - `daily`: the daily reward was claimed at least once;
 * - `social`: one of the offered socials was claimed (left out when no social is offered);
 * - `verify`: the account proved ownership (bio check or Sign in with Roblox);
 * - `withdraw`: a withdrawal was asked for, or the balance reached the minimum withdrawal. `balance`
 *   (may be negative after a reversal) and `minimum` are R$, for "R$ 3 of R$ 5".
 */
export const firstStep = z.discriminatedUnion('id', [
  step('daily'),
  step('social'),
  step('verify'),
  step('withdraw').extend({ balance: z.number(), minimum: z.number() }),
]);
export type FirstStep = z.infer<typeof firstStep>;

/**
 * GET /api/first-steps (signed in): the guide's steps in the order they are shown. `done`: the guide
 * is finished and not shown any more: every step is ticked, or a withdrawal was ever asked for.
 */
export const firstStepsResponse = z.object({ done: z.boolean(), steps: z.array(firstStep) });
export type FirstStepsResponse = z.infer<typeof firstStepsResponse>;
