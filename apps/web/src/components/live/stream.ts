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
  onDown(status: number): 'retry' | 'stop';
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

/** Back-off between reopenings: doubling from the first, up to the last; after a 503 (full), a minute. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
const FULL_RETRY_MS = 60_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      done();
    });
  });

/**
 * Keeps a stream of the API open until `signal` aborts: read with `readEventStream`, reopened after
 * each failure or end with back-off (the first wait again once a stream opened; a minute after the
 * server answered that it is full). `onDown` hears why it went down (`status` as StreamRefused's; 0 when
 * it ended or the network failed) and says whether to go on. After a 401 (a session the server no
 * longer knows) it is reopened without the token.
 */
export async function keepStreamOpen(
  path: string,
  token: string | null,
  handlers: {
    onOpen(): void;
    onEvent(event: string, data: unknown): void;
    onDown(status: number): 'retry' | 'stop';
  },
  signal: AbortSignal,
): Promise<void> {
  let retryMs = RETRY_FIRST_MS;
  while (!signal.aborted) {
    let status = 0;
    try {
      const onOpen = () => {
        retryMs = RETRY_FIRST_MS;
        handlers.onOpen();
      };
      await readEventStream(path, token, { onOpen, onEvent: handlers.onEvent }, signal);
    } catch (err) {
      status = err instanceof StreamRefused ? err.status : 0;
    }
    if (signal.aborted || handlers.onDown(status) === 'stop') return;
    if (status === 401) token = null;
    await sleep(status === 503 ? FULL_RETRY_MS : retryMs, signal);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }
}

/** Keeps `GET /api/live/stream` open (`keepStreamOpen`), handing its earnings and balances on. */
export async function keepLiveStreamOpen(
  token: string | null,
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  await keepStreamOpen(
    '/api/live/stream',
    token,
    {
      onOpen: handlers.onOpen,
      onEvent: (event, data) => {
        if (event === EARNING) handlers.onEarning(data as LiveEarning);
        else if (event === BALANCE) handlers.onBalance(data as LiveBalance);
      },
      onDown: handlers.onDown,
    },
    signal,
  );
}
