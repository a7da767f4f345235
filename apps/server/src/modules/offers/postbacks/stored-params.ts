import type { PostbackVerdict } from '@rewards/contracts';
import type * as repo from './repository.ts';

// What the postback log keeps of a postback's parameters and URL, and how it reads them back.

/** Stored parameters and URLs are cut to this many characters: the log cannot be made to fill a disk. */
export const MAX_STORED_TEXT = 2048;
/** What a secret carried in the URL (AdGate's token) is stored as once it proved right. */
export const REDACTED = '***';

/**
 * Verdicts that may be given before the secret was checked: such a postback is stored as it was sent,
 * so a `***` in it is the sender's own (anyone may send `token=***`), never the log's redaction.
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
 * the wall's secret back). `invalid` is given before the check (malformed parameters) and after it (an
 * amount the wall cannot read): only after it is the postback's player known, so a stored player
 * tells the two apart.
 */
export const secretWasRedacted = (
  stored: { verdict: PostbackVerdict; user_id: number | null },
  params: Record<string, unknown>,
  param: string,
) =>
  (!REFUSED_UNCHECKED.has(stored.verdict) || (stored.verdict === 'invalid' && stored.user_id !== null)) &&
  params[param] === REDACTED;

/** Every scheme's secret parameter: shown as `***` in the console's log, whatever the wall's scheme now. */
export const redactedForView = (params: Record<string, unknown>, secretParams: Iterable<string>) => {
  for (const p of secretParams) if (p in params) params[p] = REDACTED;
  return params;
};

/**
 * The parameters as JSON, or when longer than the log keeps, that text cut short (no longer JSON:
 * the console shows it raw, and a replay refuses it).
 */
export function storableParams(raw: Record<string, unknown>): string {
  const text = JSON.stringify(raw) ?? '{}';
  return text.length > MAX_STORED_TEXT ? text.slice(0, MAX_STORED_TEXT) : text;
}

/** The URL with the first value of `param` in its query replaced by `value` (already URL-encoded). */
export const withQueryValue = (url: string, param: string, value: string) =>
  url.replace(new RegExp(`([?&]${param}=)[^&#]*`), (_, head: string) => head + value);

/** The secret parameter's value replaced, in the stored parameters and URL alike. */
export function redactSecret(record: repo.NewPostbackBase, param: string, params: Record<string, unknown>) {
  record.params = storableParams({ ...params, [param]: REDACTED });
  record.rawUrl = record.rawUrl === null ? null : withQueryValue(record.rawUrl, param, REDACTED);
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
