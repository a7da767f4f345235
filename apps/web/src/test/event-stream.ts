import { vi } from 'vitest';

/** A JSON answer with the given status. */
export const jsonAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A stream answer whose events the test pushes with `send`. A keep-alive comment comes before each
 * event, as the server sends them, so the reader is seen to skip it.
 */
export function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (event: string, data: unknown) =>
      controller.enqueue(
        encoder.encode(`: keep-alive\n\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
      ),
  };
}

/** A call the page made: its URL and headers (a stream's session travels in a header). */
export interface StreamCall {
  url: string;
  headers: Record<string, string>;
}

/**
 * Replaces `fetch` with `routes`: each URL's function gives its answer (a stream or JSON), any other
 * URL gets 404 in the API's error shape. Returns every call made, in order.
 */
export function stubStreams(routes: Record<string, () => Response | Promise<Response>>): StreamCall[] {
  const calls: StreamCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ url, headers: (init.headers ?? {}) as Record<string, string> });
      const route = routes[url];
      return route ? route() : jsonAnswer(404, { code: 'NOT_FOUND', error: 'Not found' });
    }),
  );
  return calls;
}
