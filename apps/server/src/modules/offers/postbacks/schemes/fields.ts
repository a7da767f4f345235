import { z } from 'zod';
import type { Verification, VerifiedPostback } from './types.ts';

// Parameter readers shared by the schemes: each names the provider's own parameter in its message.

export const transIdField = (name: string) =>
  z.string().trim().min(1, `${name} is required`).max(100, `${name} must be at most 100 characters`);

/** The player's numeric Roblox id, as the frame passed it. */
export const robloxIdField = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,19}$/, `${name} must be a numeric Roblox id`)
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n > 0, `${name} must be a numeric Roblox id`);

/** A decimal number, possibly negative (reversals). */
export const decimalField = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,12}(\.\d{1,8})?$/, `${name} must be a decimal number`)
    .transform(Number);

/**
 * A provider's USD payout: a decimal number, or undefined when absent or left empty (a macro the
 * provider did not fill). Either way a credit without it cannot be checked against the wall's rate,
 * and the service holds it.
 */
export const usdField = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    decimalField(name).optional(),
  );

/** The first validation message of a zod error. */
export function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid parameters';
  const field = issue.path.map(String).join('.');
  return field && !issue.message.includes(field) ? `${field}: ${issue.message}` : issue.message;
}

export const badSignature = (message: string) => ({ ok: false, verdict: 'bad_signature', message }) as const;

/** Reads parameters with a zod schema; a failure is an `invalid` verification naming the field. */
export function readParams<T extends z.ZodType>(
  schema: T,
  params: Record<string, string>,
): { ok: true; data: z.infer<T> } | { ok: false; verdict: 'invalid'; message: string } {
  const parsed = schema.safeParse(params);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, verdict: 'invalid', message: firstIssue(parsed.error) };
}

/** The postback the parameters describe once they read with the scheme's zod schema; else `invalid`. */
export function postbackFrom<T extends z.ZodType>(
  schema: T,
  params: Record<string, string>,
  postback: (data: z.infer<T>) => VerifiedPostback,
): Verification {
  const read = readParams(schema, params);
  return read.ok ? { ok: true, postback: postback(read.data) } : read;
}

/** `12.5` → `"12.5"`, never exponent notation; up to 8 decimals. */
export const decimalText = (n: number) => String(Number(n.toFixed(8)));
