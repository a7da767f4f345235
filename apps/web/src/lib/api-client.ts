import { clearSession, getSession, getToken } from './session';

export const FALLBACK_ERROR_MESSAGE = 'Something went wrong.';

/**
 * A failed API call: the HTTP status (0 when the server could not be reached), the stable code, a
 * readable message and the answer's JSON body (undefined when there was none or it was not JSON).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: unknown;

  constructor(status: number, code: string, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Overrides the stored token (e.g. logout, which clears the session before the call finishes). */
  token?: string | null;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
}

/** Listeners told when a player call was refused with 401 and the session was cleared. */
const expiredListeners = new Set<() => void>();
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

/** The fields of a JSON answer, or none when it is not an object. */
export function bodyFields(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

/** A string field that is not blank, else undefined. */
export function textField(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/** The ApiError for an answer with this status and body: the body's `code` and `error` (or `message`). */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  const record = bodyFields(body);
  return new ApiError(
    status,
    textField(record.code) ?? `HTTP_${status}`,
    textField(record.error) ?? textField(record.message) ?? FALLBACK_ERROR_MESSAGE,
    body,
  );
}

/**
 * Calls the API with JSON in and out. Sends `Authorization: Bearer <auth-token>` when a token is stored.
 * A non-2xx answer throws ApiError; a 401 on a call that carried the token ends the session.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const token = options.token !== undefined ? options.token : getToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(
      0,
      'NETWORK',
      'Could not reach the server. Please check your connection and try again.',
    );
  }

  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }

  if (!response.ok) {
    if (response.status === 401 && token && options.token === undefined && getSession()) {
      clearSession('expired');
      for (const listener of expiredListeners) listener();
    }
    throw apiErrorFrom(response.status, body);
  }
  return body as T;
}
