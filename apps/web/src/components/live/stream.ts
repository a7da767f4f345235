import type { LiveBalance, LiveEarning } from '@rewards/contracts';

/**
 * The stream's event names (LIVE_STREAM_EVENTS of the contracts, spelled out: a value import of the
 * contracts would bring their schemas into the landing page's JavaScript).
 */
const EARNING = 'earning';
const BALANCE = 'balance';

/** The stream was not opened: `status` says why (404 off, 401 stale session, 503 full, 0 network). */
export class StreamRefused extends Error {
  constructor(readonly status: number) {
    super(`live stream refused (${status})`);
    this.name = 'StreamRefused';
  }
}

export interface StreamHandlers {
  onOpen(): void;
  onEarning(earning: LiveEarning): void;
  onBalance(balance: LiveBalance): void;
}

/** Hands one `event:`/`data:` block of a stream to `onEvent`; comments (heartbeats) are skipped. */
function dispatch(block: string, onEvent: (event: string, data: unknown) => void): void {
  let event = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
  }
  if (data) onEvent(event, JSON.parse(data));
}

/**
 * Reads a Server-Sent Events stream of the API (`path`) until it ends (resolves) or fails (throws
 * StreamRefused). fetch rather than EventSource: the player's session is a bearer token, which
 * travels in a header, never in the URL. The live feed and the Race tab's standings read this way.
 */
export async function readEventStream(
  path: string,
  token: string | null,
  handlers: { onOpen(): void; onEvent(event: string, data: unknown): void },
  signal: AbortSignal,
): Promise<void> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { headers, signal, cache: 'no-store' });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new StreamRefused(0);
  }
  if (!res.ok || !res.body) throw new StreamRefused(res.status);
  handlers.onOpen();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      dispatch(buffer.slice(0, end), handlers.onEvent);
      buffer = buffer.slice(end + 2);
    }
  }
}

/** Reads `GET /api/live/stream` until it ends (resolves) or fails (throws). */
export async function readLiveStream(
  token: string | null,
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  await readEventStream(
    '/api/live/stream',
    token,
    {
      onOpen: handlers.onOpen,
      onEvent: (event, data) => {
        if (event === EARNING) handlers.onEarning(data as LiveEarning);
        else if (event === BALANCE) handlers.onBalance(data as LiveBalance);
      },
    },
    signal,
  );
}
