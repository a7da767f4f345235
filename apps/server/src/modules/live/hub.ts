import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { fromCents, LIVE_STREAM_EVENTS } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { publicEarning, SSE_HEARTBEAT, sseMessage } from './events.ts';
import { findSessionUser } from '../auth/index.ts';
import type { LedgerEvent } from './repository.ts';
import { startPoller, type LedgerSource } from './sources.ts';

/** How often every open stream gets a comment line (proxies close streams idle for a minute or so). */
export const HEARTBEAT_MS = 15_000;
/** A client this far behind in reading (bytes queued) is dropped rather than buffered for. */
const MAX_QUEUED_BYTES = 64 * 1024;

/** One open stream; a signed-in one knows its session, to send that player's balance. */
export interface LiveStream {
  res: ServerResponse;
  userId: number | null;
  tokenHash: string | null;
  /** The caller's network (shared/addresses.ts `limitKeyOfAddress`), for the per-address bound. */
  address: string;
}

/**
 * The process's open streams and its one ledger source, which runs only while streams are open: new
 * entries are read once and fanned out to every stream. One shared interval sends heartbeats, and
 * stops the source once no stream is left.
 */
export class LiveHub {
  readonly #deps: Deps;
  readonly #log: FastifyBaseLogger;
  readonly #streams = new Set<LiveStream>();
  readonly #byUser = new Map<number, Set<LiveStream>>();
  /** Open streams per address: LIVE_FEED_MAX_STREAMS_PER_ADDRESS keeps one caller from taking every place. */
  readonly #byAddress = new Map<string, number>();
  #source: LedgerSource | null = null;
  #heartbeat: NodeJS.Timeout | null = null;

  constructor(deps: Deps, log: FastifyBaseLogger) {
    this.#deps = deps;
    this.#log = log;
  }

  get size(): number {
    return this.#streams.size;
  }

  get full(): boolean {
    return this.#streams.size >= this.#deps.env.LIVE_FEED_MAX_STREAMS;
  }

  /** Whether `address` has as many streams open as one address may. */
  fullFor(address: string): boolean {
    return (this.#byAddress.get(address) ?? 0) >= this.#deps.env.LIVE_FEED_MAX_STREAMS_PER_ADDRESS;
  }

  /**
   * Starts an event stream on `res` (the route's security headers kept) for a caller at `address`
   * and adds it; with `player`, that player's balance is sent on it too.
   */
  open(
    res: ServerResponse,
    headers: Record<string, unknown>,
    player: { id: number; tokenHash: string } | null,
    address: string,
  ): void {
    res.writeHead(200, {
      ...(headers as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx and similar proxies would otherwise hold events back in their buffers.
      'x-accel-buffering': 'no',
    });
    this.#add({ res, userId: player?.id ?? null, tokenHash: player?.tokenHash ?? null, address });
    // The headers go with this first line, as soon as the ledger source knows where it starts: a client
    // that sees the stream open is sent every credit committed from then on.
    void this.#source!.started.then(() => {
      if (!res.writableEnded && !res.destroyed) res.write(': open\n\n');
    });
  }

  #add(stream: LiveStream): void {
    this.#streams.add(stream);
    this.#byAddress.set(stream.address, (this.#byAddress.get(stream.address) ?? 0) + 1);
    if (stream.userId !== null) {
      const own = this.#byUser.get(stream.userId) ?? new Set();
      own.add(stream);
      this.#byUser.set(stream.userId, own);
    }
    stream.res.once('close', () => this.#remove(stream));
    this.#start();
  }

  #remove(stream: LiveStream): void {
    // Once per stream: `close` ends streams that also emit 'close' afterwards.
    if (!this.#streams.delete(stream)) return;
    const left = (this.#byAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) this.#byAddress.set(stream.address, left);
    else this.#byAddress.delete(stream.address);
    if (stream.userId === null) return;
    const own = this.#byUser.get(stream.userId);
    own?.delete(stream);
    if (own?.size === 0) this.#byUser.delete(stream.userId);
  }

  #start(): void {
    this.#heartbeat ??= setInterval(() => this.#beat(), HEARTBEAT_MS);
    if (this.#source) return;
    const onEntries = (entries: LedgerEvent[]) => this.#deliver(entries);
    this.#source = startPoller(this.#deps.db, onEntries, this.#log);
  }

  #beat(): void {
    if (this.#streams.size === 0) {
      void this.#stopSource();
      return;
    }
    this.#broadcast(SSE_HEARTBEAT);
  }

  async #stopSource(): Promise<void> {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
    const source = this.#source;
    this.#source = null;
    await source?.stop();
  }

  #write(stream: LiveStream, text: string): void {
    if (stream.res.writableLength > MAX_QUEUED_BYTES) {
      stream.res.destroy();
      return;
    }
    stream.res.write(text);
  }

  #broadcast(text: string): void {
    for (const stream of this.#streams) this.#write(stream, text);
  }

  /** Public earnings to every stream, then each affected signed-in player's balance to their own streams. */
  async #deliver(entries: LedgerEvent[]): Promise<void> {
    for (const entry of entries) {
      const earning = publicEarning(entry);
      if (earning) this.#broadcast(sseMessage(LIVE_STREAM_EVENTS.earning, earning));
    }
    const users = new Set(entries.map((e) => e.user_id).filter((id) => this.#byUser.has(id)));
    const now = this.#deps.clock.now().toISOString();
    const streams = [...users].flatMap((userId) => [...(this.#byUser.get(userId) ?? [])]);
    // Asked together, so on PostgreSQL they share one query (db/grouped-calls.ts).
    await Promise.all(
      streams.map(async (stream) => {
        // Read now, not taken from the entry: later entries may already have moved it.
        // The session check every player call makes, so a signed-out session gets no more of its
        // player's data.
        const account = await findSessionUser(this.#deps.db, stream.tokenHash!, now);
        if (!account) stream.res.end();
        else
          this.#write(
            stream,
            sseMessage(LIVE_STREAM_EVENTS.balance, { robux: fromCents(Number(account.balance)) }),
          );
      }),
    );
  }

  /** Ends every stream and the source (before the server closes, which would otherwise wait for them). */
  async close(): Promise<void> {
    for (const stream of this.#streams) stream.res.end();
    this.#streams.clear();
    this.#byUser.clear();
    this.#byAddress.clear();
    await this.#stopSource();
  }
}
