import type * as repo from './repository.ts';

// What the postback log keeps of a postback's parameters and URL, and how it reads them back.

/** Stored parameters and URLs are cut to this many characters: the log cannot be made to fill a disk. */
export const MAX_STORED_TEXT = 2048;
/** What a secret carried in the URL (AdGate's token) is stored as once it proved right. */
export const REDACTED = '***';

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
