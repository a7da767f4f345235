import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Env } from '../../env.ts';
import { SSE_HEARTBEAT } from './events.ts';

/** How often every open stream gets a comment line (proxies close streams idle for a minute or so). */
export const HEARTBEAT_MS = 15_000;
/** A client this far behind in reading (bytes queued) is dropped rather than buffered for. */
const MAX_QUEUED_BYTES = 64 * 1024;

/** One open stream; a signed-in one knows its player and session. */
export interface EventStream {
  res: ServerResponse;
  userId: number | null;
  /** The session's token hash, checked again while the stream stays open. */
  tokenHash: string | null;
  /** The caller's network (shared/addresses.ts `limitKeyOfAddress`), for the per-address bound. */
  address: string;
}

/**
 * A process's open Server-Sent Event streams of one kind (the live feed, the race standings): the
 * bounds on how many (LIVE_FEED_MAX_STREAMS, and per address so one caller cannot take every place),
 * writing with a bound on what a slow reader may queue, and one shared heartbeat. `onBeat` runs with
 * each heartbeat; the first heartbeat that finds no stream stops, and calls `onEmpty` (what a page's
 * reload closes and opens again is kept meanwhile).
 */
export class EventStreams {
  readonly #env: Pick<Env, 'LIVE_FEED_MAX_STREAMS' | 'LIVE_FEED_MAX_STREAMS_PER_ADDRESS'>;
  readonly #streams = new Set<EventStream>();
  readonly #byAddress = new Map<string, number>();
  readonly #onBeat: () => void;
  readonly #onEmpty: () => void;
  #heartbeat: NodeJS.Timeout | null = null;

  constructor(
    env: Pick<Env, 'LIVE_FEED_MAX_STREAMS' | 'LIVE_FEED_MAX_STREAMS_PER_ADDRESS'>,
    hooks: { onBeat?: () => void; onEmpty?: () => void } = {},
  ) {
    this.#env = env;
    this.#onBeat = hooks.onBeat ?? (() => {});
    this.#onEmpty = hooks.onEmpty ?? (() => {});
  }

  get size(): number {
    return this.#streams.size;
  }

  get full(): boolean {
    return this.#streams.size >= this.#env.LIVE_FEED_MAX_STREAMS;
  }

  /** Whether `address` has as many streams open as one address may. */
  fullFor(address: string): boolean {
    return (this.#byAddress.get(address) ?? 0) >= this.#env.LIVE_FEED_MAX_STREAMS_PER_ADDRESS;
  }

  [Symbol.iterator](): IterableIterator<EventStream> {
    return this.#streams.values();
  }

  /**
   * Starts an event stream on `res` (the route's security headers kept) for a caller at `address`,
   * signed in as `player` or not, and adds it.
   */
  open(
    res: ServerResponse,
    headers: Record<string, unknown>,
    player: { id: number; tokenHash: string } | null,
    address: string,
  ): EventStream {
    const stream: EventStream = {
      res,
      userId: player?.id ?? null,
      tokenHash: player?.tokenHash ?? null,
      address,
    };
    stream.res.writeHead(200, {
      ...(headers as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx and similar proxies would otherwise hold events back in their buffers.
      'x-accel-buffering': 'no',
    });
    this.#streams.add(stream);
    this.#byAddress.set(stream.address, (this.#byAddress.get(stream.address) ?? 0) + 1);
    stream.res.once('close', () => this.#remove(stream));
    this.#heartbeat ??= setInterval(() => this.#beat(), HEARTBEAT_MS);
    return stream;
  }

  #beat(): void {
    if (this.#streams.size === 0) {
      this.#stopHeartbeat();
      this.#onEmpty();
      return;
    }
    this.broadcast(SSE_HEARTBEAT);
    this.#onBeat();
  }

  #remove(stream: EventStream): void {
    // Once per stream: `close` ends streams that also emit 'close' afterwards.
    if (!this.#streams.delete(stream)) return;
    const left = (this.#byAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) this.#byAddress.set(stream.address, left);
    else this.#byAddress.delete(stream.address);
  }

  #stopHeartbeat(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
  }

  write(stream: EventStream, text: string): void {
    if (stream.res.writableLength > MAX_QUEUED_BYTES) {
      stream.res.destroy();
      return;
    }
    stream.res.write(text);
  }

  broadcast(text: string): void {
    for (const stream of this.#streams) this.write(stream, text);
  }

  /**
   * Ends the signed-in streams whose session `live` no longer finds (signed out, expired, revoked),
   * so a stream carries its player's data no longer than its session lasts. Asked together, so on
   * PostgreSQL the lookups share one query (db/grouped-calls.ts).
   */
  async endSignedOut(live: (tokenHash: string) => Promise<boolean>): Promise<void> {
    await Promise.all(
      [...this.#streams]
        .filter((s) => s.tokenHash !== null)
        .map(async (s) => {
          if (!(await live(s.tokenHash!))) s.res.end();
        }),
    );
  }

  /** Ends every stream (before the server closes, which would otherwise wait for them). */
  close(): void {
    const streams = [...this.#streams];
    this.#streams.clear();
    this.#byAddress.clear();
    this.#stopHeartbeat();
    for (const stream of streams) stream.res.end();
  }
}
