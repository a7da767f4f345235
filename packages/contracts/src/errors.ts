import { z } from 'zod';

/** Stable machine-readable codes; the `error` text beside them is for people. */
export const errorCodes = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'BANNED',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_FUNDS',
  'RATE_LIMITED',
  'ROBLOX_UNAVAILABLE',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorBody = z.object({
  error: z.string(),
  code: z.enum(errorCodes),
  success: z.literal(false).optional(),
  message: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
