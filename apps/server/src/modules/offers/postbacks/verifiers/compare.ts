import { timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two hex digests, ignoring case. */
export function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The first validation message of a zod error, naming the field. */
export function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid parameters';
  const field = issue.path.map(String).join('.');
  return field && !issue.message.includes(field) ? `${field}: ${issue.message}` : issue.message;
}
