import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../env.ts';
import { limitKeyOfAddress } from '../../shared/addresses.ts';
import { AppError, badRequest } from '../../shared/errors.ts';
import { hashToken } from '../auth/index.ts';
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

/** Who a stream is for: the player signed in with it, if any, and the caller's network. */
export interface StreamCaller {
  player: { id: number; tokenHash: string } | null;
  /** shared/addresses.ts `limitKeyOfAddress` of the caller, for the per-address bound. */
  address: string;
}

/** The response a stream is written on, and the headers the route set on it (its security headers). */
export interface StreamResponse {
  res: ServerResponse;
  headers: Record<string, unknown>;
}

/**
 * A process's open Server-Sent Event streams of one kind (the live feed, the race standings): the
 * bounds on how many (LIVE_FEED_MAX_STREAMS, and per address so one caller cannot take every place),
 * writing with a bound on what a slow reader may queue, and one shared heartbeat. Each kind extends
 * it with what it sends: `onBeat` runs with each heartbeat; the first heartbeat that finds no stream
 * stops, and calls `onEmpty` (what a page's reload closes and opens again is kept meanwhile).
 */
export class EventStreams {
  readonly #env: Pick<Env, 'LIVE_FEED_MAX_STREAMS' | 'LIVE_FEED_MAX_STREAMS_PER_ADDRESS'>;
  readonly #streams = new Set<EventStream>();
  readonly #byAddress = new Map<string, number>();
  #heartbeat: NodeJS.Timeout | null = null;

  constructor(env: Pick<Env, 'LIVE_FEED_MAX_STREAMS' | 'LIVE_FEED_MAX_STREAMS_PER_ADDRESS'>) {
    this.#env = env;
  }

  /** Runs with each heartbeat that finds streams open. */
  protected onBeat(): void {}

  /** Runs when a heartbeat finds every stream closed, once per time the streams empty. */
  protected onEmpty(): void {}

  get size(): number {
    return this.#streams.size;
  }

  get full(): boolean {
    return this.#streams.size >= this.#env.LIVE_FEED_MAX_STREAMS;
  }

  /**
   * Refused with `busy` (503) when this process or the caller's network has no place left. A route
   * calls it again in the same turn as it opens the stream: the checks of a burst whose session
   * lookups resolve together (PostgreSQL groups them) would otherwise all pass before any stream
   * was added.
   */
  assertRoom(address: string, busy: string): void {
    if (this.full || this.fullFor(address)) throw new AppError(503, 'LIVE_FEED_FULL', busy);
  }

  /** Whether `address` has as many streams open as one address may. */
  fullFor(address: string): boolean {
    return (this.#byAddress.get(address) ?? 0) >= this.#env.LIVE_FEED_MAX_STREAMS_PER_ADDRESS;
  }

  [Symbol.iterator](): IterableIterator<EventStream> {
    return this.#streams.values();
  }

  /** Starts an event stream on `res` (the route's security headers kept) for `caller`, and adds it. */
  protected add({ res, headers }: StreamResponse, { player, address }: StreamCaller): EventStream {
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
      this.onEmpty();
      return;
    }
    this.broadcast(SSE_HEARTBEAT);
    this.onBeat();
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

  /** Ends every stream and the heartbeat; each kind's `close` does this before the server closes. */
  protected endAll(): void {
    const streams = [...this.#streams];
    this.#streams.clear();
    this.#byAddress.clear();
    this.#stopHeartbeat();
    for (const stream of streams) stream.res.end();
  }
}

/**
 * The checks of a stream route before it opens a stream: the request asks for an event stream and
 * its bearer token (optional) is valid. The caller's network is counted like the rate limits
 * (request.ip follows TRUST_PROXY; an IPv6 /64 is one caller); whether it has a place left is the
 * route's `assertRoom`, in the turn that opens the stream.
 */
export async function admitStreamCaller(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<StreamCaller> {
  if (!request.headers.accept?.includes('text/event-stream')) {
    throw badRequest('This is an event stream: ask for it with Accept: text/event-stream.');
  }
  if (request.headers.authorization !== undefined) await app.requirePlayer(request);
  const address = limitKeyOfAddress(request.ip);
  const player = request.player;
  return { player: player ? { id: player.id, tokenHash: hashToken(player.token) } : null, address };
}

/** Takes `reply` over from Fastify, for a stream to be written on its response. */
export function takeOverReply(reply: FastifyReply): StreamResponse {
  const headers = reply.getHeaders();
  reply.hijack();
  return { res: reply.raw, headers };
}
