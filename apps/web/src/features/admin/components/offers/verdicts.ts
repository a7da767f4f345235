import type { PostbackVerdict } from '@rewards/contracts';

/** Verdicts of postbacks that were refused and may succeed when replayed after a fix (secret, allow-list…). */
export const REPLAYABLE: ReadonlySet<PostbackVerdict> = new Set([
  'bad_signature',
  'forbidden_address',
  'no_secret',
  'unknown_wall',
  'unknown_user',
  'banned',
  'invalid',
]);

/** Refusals: nothing was credited and the provider was told so. */
const REFUSED: ReadonlySet<PostbackVerdict> = new Set([...REPLAYABLE, 'forged']);

/** A test postback worked when it credited the player, or put the credit on hold. */
export function isAccepted(verdict: PostbackVerdict): boolean {
  return verdict === 'credited' || verdict === 'on_hold';
}

export function verdictTone(verdict: PostbackVerdict) {
  if (REFUSED.has(verdict)) return 'red' as const;
  if (verdict === 'credited' || verdict === 'approved') return 'green' as const;
  if (verdict === 'held') return 'amber' as const;
  if (verdict === 'on_hold') return 'sky' as const;
  return 'slate' as const;
}

/** `already_reversed` → "already reversed". */
export function verdictLabel(verdict: PostbackVerdict): string {
  return verdict.replace(/_/g, ' ');
}
