import { vi } from 'vitest';

/** What a stubbed endpoint answers: a status and a JSON body, or a thrown network failure. */
export type StubAnswer = { status?: number; body?: unknown } | 'network-error' | Promise<never>;

/** A request the page made, as the server would see it. */
export interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Replaces `fetch` with the API the page talks to: `answers` maps "METHOD /path" to what that call
 * answers (a function gets the request body). Calls nobody answers get 404 with the API's error shape.
 * Returns every request made, in order.
 */
export function stubApi(
  answers: Record<string, StubAnswer | ((body: unknown) => StubAnswer)>,
): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = String(input);
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      seen.push({ method, path, body });
      const found = answers[`${method} ${path}`];
      const answer = typeof found === 'function' ? found(body) : found;
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      if (answer instanceof Promise) return answer;
      const { status = 200, body: json } = answer ?? {
        status: 404,
        body: { code: 'NOT_FOUND', error: 'Not found' },
      };
      return new Response(json === undefined ? null : JSON.stringify(json), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return seen;
}

/** An answer that never comes, until `release` is called with one. */
export function heldAnswer(): { answer: Promise<never>; release: (status: number, body: unknown) => void } {
  let release!: (status: number, body: unknown) => void;
  const answer = new Promise<Response>((resolve) => {
    release = (status, body) =>
      resolve(
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
      );
  });
  return { answer: answer as Promise<never>, release };
}
