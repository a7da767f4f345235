import type { PostbackVerdict } from '@rewards/contracts';
import type * as repo from './repository.ts';

// What the postback log keeps of a postback's parameters and URL, and how it reads them back.

/** Stored parameters and URLs are cut to this many characters: the log cannot be made to fill a disk. */
export const MAX_STORED_TEXT = 2048;
/** What a secret carried in the URL (AdGate's token) is stored as once it proved right. */
export const REDACTED = '***';

/**
 * Verdicts given before the secret was checked: such a postback is stored as it was sent, so a `***`
 * in it is the sender's own (anyone may send `token=***`), never the log's redaction.
 */
const REFUSED_UNCHECKED = new Set<PostbackVerdict>([
  'unknown_wall',
  'forbidden_address',
  'invalid',
  'no_secret',
  'bad_signature',
]);

/**
 * The stored secret parameter is the log's redaction of a secret that proved right (a replay may put
 * the wall's secret back). A postback refused as `invalid` after its check (a negative amount) reads
 * as unchecked too: replayed, it is refused again either way.
 */
export const secretWasRedacted = (verdict: PostbackVerdict, params: Record<string, unknown>, param: string) =>
  !REFUSED_UNCHECKED.has(verdict) && params[param] === REDACTED;

/**
 * The parameters as JSON, or when longer than the log keeps, that text cut short (no longer JSON:
 * the console shows it raw, and a replay refuses it).
 */
export function storableParams(raw: Record<string, unknown>): string {
  const text = JSON.stringify(raw) ?? '{}';
  return text.length > MAX_STORED_TEXT ? text.slice(0, MAX_STORED_TEXT) : text;
}

/** The secret parameter's value replaced, in the stored parameters and URL alike. */
export function redactSecret(record: repo.NewPostbackBase, param: string, params: Record<string, unknown>) {
  record.params = storableParams({ ...params, [param]: REDACTED });
  record.rawUrl = record.rawUrl?.replace(new RegExp(`([?&]${param}=)[^&#]*`), `$1${REDACTED}`) ?? null;
}

/** The stored parameters, or null when they were cut (a replay would not be the same postback). */
export function storedParams(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    return parsed as Record<string, unknown>;
  } catch {
    return null;
  }
}
