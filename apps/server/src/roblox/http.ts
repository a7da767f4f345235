import type { z } from 'zod';
import { type AppError, robloxUnavailable } from '../shared/errors.ts';
import { robloxCalls, type RobloxCallOutcome } from '../shared/metrics.ts';

export interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
}

export type BodyReader<T> = (res: Response) => Promise<T>;

/** Parses JSON when the body is JSON; error pages from proxies often are not. */
export const readJson: BodyReader<unknown> = async (res) => {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

export const readBytes: BodyReader<Buffer> = async (res) => Buffer.from(await res.arrayBuffer());

/**
 * The URL's path with its numbers (user, pass, product, group ids) as `:id`: a label for `/metrics`
 * whose values are the few paths this folder builds.
 */
export function endpointOf(url: string): string {
  try {
    return new URL(url).pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
  } catch {
    return 'invalid';
  }
}

/** Counts one call to Roblox (all its attempts) by endpoint and outcome. */
async function counted<T>(url: string, call: () => Promise<Answer<T>>): Promise<Answer<T>> {
  let outcome: RobloxCallOutcome = 'unavailable';
  try {
    const answer = await call();
    outcome = isTransient(answer.status) ? 'unavailable' : answer.status >= 400 ? 'refused' : 'ok';
    return answer;
  } finally {
    robloxCalls.inc({ endpoint: endpointOf(url), outcome });
  }
}

async function fetchOnce<T>(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  read: BodyReader<T>,
): Promise<Answer<T>> {
  // The signal also covers reading the body, so a server that stalls mid-body is cut off too.
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  return { status: res.status, headers: res.headers, body: await read(res) };
}

/** One request, body included, bounded by `timeoutMs`. Throws on network failure or timeout. */
export function sendOnce<T>(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  read: BodyReader<T>,
): Promise<Answer<T>> {
  return counted(url, () => fetchOnce(url, init, timeoutMs, read));
}

// Roblox may be slow, but a player waiting on a page must get an answer soon: all attempts of
// one call share a deadline just past one timeout.
const DEADLINE_SLACK_MS = 500;
const MIN_ATTEMPT_MS = 100;
const BASE_BACKOFF_MS = 200;
const MAX_RETRY_AFTER_MS = 1_000;

/**
 * Sends a request that is safe to repeat, retrying 429, 5xx and network failures with
 * exponential back-off. Any other status is returned for the caller to judge. Throws
 * `robloxUnavailable()` when Roblox keeps failing or the deadline passes.
 */
export function sendWithRetry<T>(
  url: string,
  init: RequestInit,
  policy: { timeoutMs: number; retries: number },
  read: BodyReader<T>,
): Promise<Answer<T>> {
  return counted(url, () => sendWithRetryUncounted(url, init, policy, read));
}

async function sendWithRetryUncounted<T>(
  url: string,
  init: RequestInit,
  policy: { timeoutMs: number; retries: number },
  read: BodyReader<T>,
): Promise<Answer<T>> {
  const deadline = Date.now() + policy.timeoutMs + DEADLINE_SLACK_MS;
  let failure: unknown;
  for (let attempt = 0; ; attempt++) {
    let wait = BASE_BACKOFF_MS * 2 ** attempt;
    try {
      const answer = await fetchOnce(url, init, Math.min(policy.timeoutMs, deadline - Date.now()), read);
      if (!isTransient(answer.status)) return answer;
      failure = new Error(`HTTP ${answer.status} from ${url}`);
      wait = retryAfterMs(answer.headers) ?? wait;
    } catch (err) {
      failure = err;
    }
    if (attempt >= policy.retries || Date.now() + wait + MIN_ATTEMPT_MS > deadline)
      throw unavailable(failure);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

export const isTransient = (status: number) => status === 429 || status >= 500;

export function unavailable(cause: unknown): AppError {
  const error = robloxUnavailable();
  error.cause = cause; // for the logs; the player only sees the friendly message
  return error;
}

/** A short human description of why a request failed, for logs and admin screens. */
export function describeFailure(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return 'timed out';
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}

function retryAfterMs(headers: Headers): number | undefined {
  const raw = headers.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number(raw);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(raw) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : undefined;
}

/** The body of a 2xx answer in the expected shape; anything else is Roblox being unavailable. */
export function parseOk<T>(answer: Answer<unknown>, schema: z.ZodType<T>, url: string): T {
  if (answer.status < 200 || answer.status >= 300) {
    throw unavailable(new Error(`unexpected HTTP ${answer.status} from ${url}`));
  }
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success)
    throw unavailable(new Error(`unexpected answer shape from ${url}: ${parsed.error.message}`));
  return parsed.data;
}
