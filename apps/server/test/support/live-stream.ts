import { get } from 'node:http';

/** One Server-Sent Event as a client receives it. */
export interface StreamEvent {
  event: string;
  data: any;
}

export interface OpenStream {
  status: number;
  /** The answer's body when it was not a stream (an error's JSON). */
  body: any;
  events: StreamEvent[];
  /** Comment lines received (heartbeats and the opening one). */
  comments: number;
  /** The server ended the stream. */
  ended: boolean;
  /** The first event (received so far or later) that `match` accepts; fails after `timeoutMs`. */
  next(match: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
}

/**
 * Opens `GET /api/live/stream` as the web app does (Accept and, when given, the bearer token) and
 * collects what it sends until closed. Through node:http on a connection of its own, which `close`
 * destroys (fetch's pool may open a spare connection after an abort, which keeps a server from closing).
 * `extra`: more request headers (e.g. the X-Forwarded-For of a trusted proxy, to stand for another address);
 * `path`: another stream of the same kind (the Race tab's `/api/races/stream`).
 */
export function openLiveStream(
  baseUrl: string,
  token?: string,
  extra: Record<string, string> = {},
  path = '/api/live/stream',
): Promise<OpenStream> {
  const headers: Record<string, string> = { accept: 'text/event-stream', ...extra };
  if (token) headers.authorization = `Bearer ${token}`;
  return new Promise((ok, fail) => {
    const req = get(`${baseUrl}${path}`, { headers, agent: false }, (res) => {
      const events: StreamEvent[] = [];
      const waiters = new Set<() => boolean>();
      const stream: OpenStream = {
        status: res.statusCode ?? 0,
        body: undefined,
        events,
        comments: 0,
        ended: false,
        next(match, timeoutMs = 5000) {
          return new Promise((found, late) => {
            const check = () => {
              const event = events.find(match);
              if (!event) return false;
              waiters.delete(check);
              clearTimeout(timer);
              found(event);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              late(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
            }, timeoutMs);
            if (!check()) waiters.add(check);
          });
        },
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      let buffer = '';
      res.on('error', () => {}); // destroyed by the test or closed by the server
      if (!res.headers['content-type']?.startsWith('text/event-stream')) {
        res.on('data', (chunk: string) => (buffer += chunk));
        res.on('end', () => {
          try {
            stream.body = JSON.parse(buffer);
          } catch {
            stream.body = buffer;
          }
          ok(stream);
        });
        return;
      }
      res.on('end', () => (stream.ended = true));
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.startsWith(':')) stream.comments += 1;
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event && data !== undefined) events.push({ event, data: JSON.parse(data) });
        }
        for (const waiter of [...waiters]) waiter();
      });
      ok(stream);
    });
    req.on('error', fail);
  });
}

/** Opens `n` streams from this machine, 100 at a time. */
export async function openLiveStreams(baseUrl: string, n: number): Promise<OpenStream[]> {
  const streams: OpenStream[] = [];
  for (let i = 0; i < n; i += 100) {
    const batch = Array.from({ length: Math.min(100, n - i) }, () => openLiveStream(baseUrl));
    streams.push(...(await Promise.all(batch)));
  }
  return streams;
}
