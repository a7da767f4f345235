import { z } from 'zod';
import { bonusCreditResponse } from './rewards.ts';

/** One social follow: +R$1.5 once per account. */
export const socialEntry = z.object({
  id: z.string(),
  name: z.string(),
  reward: z.number(),
  url: z.string(),
  color: z.string(),
  claimed: z.boolean(),
});
export type SocialEntry = z.infer<typeof socialEntry>;

/** GET /api/socials (signed in): the four socials with the caller's claimed flags. */
export const socialsResponse = z.object({ socials: z.array(socialEntry) });
export type SocialsResponse = z.infer<typeof socialsResponse>;

export const socialParams = z.object({ id: z.string().min(1).max(40) });

/** POST /api/socials/{id}/claim → credited once; a repeat answers 409 CONFLICT "You already claimed this reward." */
export const socialClaimResponse = bonusCreditResponse;
export type SocialClaimResponse = z.infer<typeof socialClaimResponse>;
