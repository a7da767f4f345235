import type { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * Input read with its zod schema, for services that validate what they are given whoever calls
 * them; otherwise 400 naming the first problem as `field: message`.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw badRequest(`${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid value'}`);
}
