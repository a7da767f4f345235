import { type Answer, readJson, sendOnce } from './http.ts';

// What every call made as the payout account shares: its cookie, Roblox's CSRF token, and telling
// apart "Roblox wants the account's owner" (a challenge, a refused cookie) from any other refusal.

/**
 * Roblox stopped the payout account itself, not one payout: a two-step challenge, a cookie that
 * expired or is refused, or two-step verification required. Nothing was paid; every payout must wait
 * for an admin.
 */
export interface PayoutBlock {
  kind: 'blocked';
  reason: 'Challenge' | 'Unauthorized' | 'TwoStepRequired' | 'NotConfigured';
  detail: string;
}

/** Thrown by the payout account's reads when Roblox stopped the account (see PayoutBlock). */
export class PayoutAccountBlocked extends Error {
  constructor(readonly block: PayoutBlock) {
    super(block.detail);
    this.name = 'PayoutAccountBlocked';
  }
}

const notConfigured: PayoutBlock = {
  kind: 'blocked',
  reason: 'NotConfigured',
  detail: 'No payout cookie is set (ROBLOX_PAYOUT_COOKIE, or one stored from the admin console).',
};

const firstError = (body: unknown): { code?: number; message?: string } | undefined => {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors[0] as { code?: number; message?: string }) : undefined;
};

/** The block an answer carries, if it carries one. */
export function blockOf(answer: Answer<unknown>): PayoutBlock | null {
  const challengeType = answer.headers.get('rblx-challenge-type');
  if (answer.status === 403 && answer.headers.get('rblx-challenge-id')) {
    return {
      kind: 'blocked',
      reason: 'Challenge',
      detail: `Roblox asked the payout account for a ${challengeType ?? 'security'} challenge.`,
    };
  }
  if (answer.status === 401) {
    return {
      kind: 'blocked',
      reason: 'Unauthorized',
      detail: 'Roblox refused the payout cookie (expired, signed out, or tied to another region).',
    };
  }
  const error = firstError(answer.body);
  if (answer.status === 403 && error?.code === 35) {
    return {
      kind: 'blocked',
      reason: 'TwoStepRequired',
      detail: `Roblox requires 2-step verification for the payout account: ${error.message ?? ''}`.trim(),
    };
  }
  return null;
}

export function robloxErrorMessage(answer: Answer<unknown>): string {
  return firstError(answer.body)?.message ?? `Roblox answered HTTP ${answer.status}`;
}

export function robloxErrorCode(answer: Answer<unknown>): number | undefined {
  return firstError(answer.body)?.code;
}

export interface PayoutSession {
  /** A read as the payout account; throws PayoutAccountBlocked when Roblox stops the account. */
  read(url: string): Promise<Answer<unknown>>;
  /**
   * A write as the payout account, sent once (plus one resend when Roblox only asked for a fresh CSRF
   * token: nothing was done then). Throws on network failure or timeout: the caller decides what an
   * unclear outcome means. Returns the block instead of the answer when Roblox stopped the account.
   */
  write(url: string, body: unknown): Promise<Answer<unknown> | PayoutBlock>;
}

export function createPayoutSession(
  defaultCookie: string | undefined,
  timeoutMs: number,
): (cookie?: string) => PayoutSession {
  // Roblox hands out a CSRF token on the first refused write; reusing it saves a round trip.
  let csrfToken = '';
  return (cookieOverride) => {
    const cookie = cookieOverride ?? defaultCookie;
    const headers = (extra: Record<string, string> = {}) => ({
      accept: 'application/json',
      cookie: `.ROBLOSECURITY=${cookie}`,
      ...extra,
    });
    return {
      async read(url) {
        if (!cookie) throw new PayoutAccountBlocked(notConfigured);
        const answer = await sendOnce(url, { headers: headers() }, timeoutMs, readJson);
        const block = blockOf(answer);
        if (block) throw new PayoutAccountBlocked(block);
        return answer;
      },
      async write(url, body) {
        if (!cookie) return notConfigured;
        const post = (token: string) =>
          sendOnce(
            url,
            {
              method: 'POST',
              headers: headers({ 'content-type': 'application/json', 'x-csrf-token': token }),
              body: JSON.stringify(body),
            },
            timeoutMs,
            readJson,
          );
        let answer = await post(csrfToken);
        const freshToken = answer.headers.get('x-csrf-token');
        // A 403 carrying a token means "token missing or stale": nothing was done, one more try is safe.
        if (answer.status === 403 && freshToken && !answer.headers.get('rblx-challenge-id')) {
          csrfToken = freshToken;
          answer = await post(freshToken);
        }
        return blockOf(answer) ?? answer;
      },
    };
  };
}
