import { clearSession, getSession, getToken } from './session';

export const FALLBACK_ERROR_MESSAGE = 'Something went wrong.';

/** A failed API call: the HTTP status (0 when the server could not be reached), the stable code and a readable message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Overrides the stored token (e.g. logout, which clears the session before the call finishes). */
  token?: string | null;
}

/** Listeners told when a player call was refused with 401 and the session was cleared. */
const expiredListeners = new Set<() => void>();
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

function readErrorBody(body: unknown): { code?: string; message?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
  return { code: text(record.code), message: text(record.error) ?? text(record.message) };
}

/**
 * Calls the API with JSON in and out. Sends `Authorization: Bearer <auth-token>` when a token is stored.
 * A non-2xx answer throws ApiError; a 401 on a call that carried the token ends the session.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const token = options.token !== undefined ? options.token : getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
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
    const { code, message } = readErrorBody(body);
    if (response.status === 401 && token && options.token === undefined && getSession()) {
      clearSession('expired');
      for (const listener of expiredListeners) listener();
    }
    throw new ApiError(response.status, code ?? `HTTP_${response.status}`, message ?? FALLBACK_ERROR_MESSAGE);
  }
  return body as T;
}
