import { z } from 'zod';

/** A row id in a path or query: a positive 32-bit integer (PostgreSQL's `integer` ids). */
export const rowId = z.coerce.number().int().positive().max(2_147_483_647);

/** `/…/{id}` of any admin resource (user, withdrawal, promo code, giveaway, postback). */
export const idParams = z.object({ id: rowId });

/** `?before=<id>`: the page of rows older than that id; omitted, the newest page. */
export const beforeIdQuery = z.object({ before: rowId.optional() });

/** `?page=&pageSize=` of the admin console's numbered lists. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

/** One numbered page of `rows` under the name `key`, with the total row count. */
export function pageOf<K extends string, T extends z.ZodType>(key: K, row: T) {
  const rows = { [key]: z.array(row) } as { [P in K]: z.ZodArray<T> };
  return z.object({ ...rows, total: z.number(), page: z.number(), pageSize: z.number() });
}

/**
 * One page of a list read newest first: `rows` under the name `key`, and under the name `next` where
 * the next (older) page starts (`cursor`), null when this page is the last.
 */
export function olderPagesOf<K extends string, T extends z.ZodType, N extends string, C extends z.ZodType>(
  key: K,
  row: T,
  next: N,
  cursor: C,
) {
  const rows = { [key]: z.array(row) } as { [P in K]: z.ZodArray<T> };
  const nextPage = { [next]: cursor.nullable() } as { [P in N]: z.ZodNullable<C> };
  return z.object({ ...rows, ...nextPage });
}
