import { HUMAN_CHECK_HEADER, HUMAN_CHECK_MESSAGES, type HumanCheckAction } from '@rewards/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../shared/errors.ts';

/** Cloudflare's tokens are at most 2048 characters; anything longer is refused without asking. */
const MAX_TOKEN_LENGTH = 2048;
const VERIFY_TIMEOUT_MS = 5_000;

/** Cloudflare's siteverify answer (the fields we read). */
const siteverifyAnswer = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
  /** The action of the widget the token was solved in ('' when the widget named none). */
  action: z.string().optional(),
});

export const humanCheckEnabled = (env: Deps['env']) =>
  Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY);

const failed = (message: string) => new AppError(403, 'HUMAN_CHECK_FAILED', message);

/**
 * With TURNSTILE_SITE_KEY/TURNSTILE_SECRET_KEY set, the call needs a Turnstile token (header
 * `x-turnstile-token`) that Cloudflare's siteverify (TURNSTILE_VERIFY_URL) accepts for this site:
 * form-encoded `secret`, `response` and `remoteip` (the caller's address as TRUST_PROXY yields it).
 * A token is single-use, so a refused call needs a new one. Without the keys nothing is checked.
 * If siteverify does not answer the call is refused with 503 (a claim is never let through unchecked).
 */
export async function requireHuman(
  deps: Deps,
  request: FastifyRequest,
  action: HumanCheckAction,
): Promise<void> {
  const { env } = deps;
  if (!humanCheckEnabled(env)) return;
  const raw = request.headers[HUMAN_CHECK_HEADER];
  const token = typeof raw === 'string' ? raw.trim() : '';
  if (!token) throw failed(HUMAN_CHECK_MESSAGES.missing);
  if (token.length > MAX_TOKEN_LENGTH) throw failed(HUMAN_CHECK_MESSAGES.failed);

  const form = new URLSearchParams({
    secret: env.TURNSTILE_SECRET_KEY ?? '',
    response: token,
    remoteip: request.ip,
  });
  let answer: z.infer<typeof siteverifyAnswer>;
  try {
    const res = await fetch(env.TURNSTILE_VERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`siteverify answered HTTP ${res.status}`);
    answer = siteverifyAnswer.parse(await res.json());
  } catch (err) {
    request.log.warn(
      { err: err instanceof Error ? err.message : String(err), action },
      'Turnstile siteverify did not answer',
    );
    throw new AppError(503, 'HUMAN_CHECK_UNAVAILABLE', HUMAN_CHECK_MESSAGES.unavailable);
  }
  if (!answer.success) {
    const codes = answer['error-codes'] ?? [];
    if (codes.includes('internal-error')) {
      throw new AppError(503, 'HUMAN_CHECK_UNAVAILABLE', HUMAN_CHECK_MESSAGES.unavailable);
    }
    // A wrong secret is the operator's mistake, not the player's: log it loudly.
    if (codes.some((c) => c.includes('secret'))) {
      request.log.error({ codes }, 'Turnstile refused TURNSTILE_SECRET_KEY');
    }
    throw failed(HUMAN_CHECK_MESSAGES.failed);
  }
  // Each form's widget names its action (sign-in, daily reward, promo code): a token solved in one
  // is not spent on another, or a solver need only ever solve the easiest.
  if (answer.action && answer.action !== action) throw failed(HUMAN_CHECK_MESSAGES.failed);
}
