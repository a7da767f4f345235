import { refusedVerdicts, replayableVerdicts, type PostbackVerdict } from '@rewards/contracts';
import { m } from '@/paraglide/messages.js';

/** Refused postbacks that may succeed when replayed after a fix (secret, allow-list…). */
export const REPLAYABLE: ReadonlySet<PostbackVerdict> = new Set(replayableVerdicts);
const REFUSED: ReadonlySet<PostbackVerdict> = new Set(refusedVerdicts);

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

/** In English the verdict's own words (`already_reversed` → "already reversed"), as the server logs them. */
const verdictLabels: Record<PostbackVerdict, () => string> = {
  credited: m.admin_setup_verdict_credited,
  on_hold: m.admin_setup_verdict_on_hold,
  held: m.admin_setup_verdict_held,
  approved: m.admin_setup_verdict_approved,
  rejected: m.admin_setup_verdict_rejected,
  ignored: m.admin_setup_verdict_ignored,
  duplicate: m.admin_setup_verdict_duplicate,
  reversed: m.admin_setup_verdict_reversed,
  already_reversed: m.admin_setup_verdict_already_reversed,
  bad_signature: m.admin_setup_verdict_bad_signature,
  forged: m.admin_setup_verdict_forged,
  forbidden_address: m.admin_setup_verdict_forbidden_address,
  no_secret: m.admin_setup_verdict_no_secret,
  unknown_wall: m.admin_setup_verdict_unknown_wall,
  unknown_user: m.admin_setup_verdict_unknown_user,
  banned: m.admin_setup_verdict_banned,
  invalid: m.admin_setup_verdict_invalid,
};

export function verdictLabel(verdict: PostbackVerdict): string {
  return verdictLabels[verdict]();
}
