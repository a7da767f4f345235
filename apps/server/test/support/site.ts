import type { StandinControl } from '@rewards/roblox-standin';

/** What a call to the site answered: the status, the body (parsed when it is JSON) and the cookies it set. */
export interface Answer {
  status: number;
  body: any;
  readonly setCookies: string[];
}

/**
 * An answer whose `setCookies` is not enumerable, so that a test can still compare a whole answer
 * with `{ status, body }`.
 */
export function answer(status: number, text: string, setCookies: string[]): Answer {
  return Object.defineProperty({ status, body: parseBody(text) }, 'setCookies', {
    value: setCookies,
  }) as Answer;
}

/**
 * The site under test as the shared builders reach it: in-process (`createTestApp`) or a real server
 * process (`e2e/support/stack.ts`), each with its Roblox stand-in.
 */
export interface Site {
  /** Calls the site's API like a browser or a script would: JSON in, JSON (or plain text) out. */
  api(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** The stand-in's `/_control` API. */
  control: StandinControl;
  /** The ADMIN_PASSWORD the site runs with. */
  adminPassword: string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A body as JSON when it is JSON; postbacks answer plain text, which stays text. */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A route's path with each `:param` filled with a harmless value (a player's name, else 1). */
export const concreteUrl = (url: string) => url.replace(/:username/g, 'AliceRBX').replace(/:[A-Za-z]+/g, '1');

/** The first cookie an answer set, as `name=value` (what a browser would send back). */
export function firstSetCookie(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const first = Array.isArray(raw) ? raw[0] : String(raw);
  return first.split(';')[0]!;
}
