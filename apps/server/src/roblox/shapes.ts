import { z } from 'zod';

/** Game pass product info (apis.roblox.com), read anonymously for the list price or as the payout account. */
export const productInfoResponse = z.object({
  TargetId: z.number(),
  ProductId: z.number(),
  Name: z.string(),
  Creator: z.object({ Id: z.number(), CreatorType: z.string().nullish() }),
  PriceInRobux: z.number().nullish(),
  IsForSale: z.boolean(),
});
