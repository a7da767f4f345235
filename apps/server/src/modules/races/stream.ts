import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { RACE_STREAM_EVENTS } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { HEARTBEAT_MS, SSE_HEARTBEAT, sseMessage } from '../live/index.ts';
import { currentRaceOf, type RaceBoard, type RaceBoardCache } from './board.ts';

/** How often the board is brought up to date while race streams are open. */
export const RACE_LIVE_MS = 1000;
/** A client this far behind in reading (bytes queued) is dropped rather than buffered for. */
const MAX_QUEUED_BYTES = 64 * 1024;

interface RaceStream {
  res: ServerResponse;
  userId: number | null;
  address: string;
}

/**
 * The Race tab's live standings, the live feed's way (modules/live/hub.ts): Server-Sent Events read
 * with fetch, one shared timer per process that runs only while streams are open. Each tick brings
 * the process's board up to date by its changes; when what a player could see changed, every stream
 * is sent `event: race` with the same answer as `GET /api/races/current` (its own place on a signed-in
 * stream). The endpoint stays for the first paint and for clients whose stream is refused.
 */
export class RaceStreams {
  readonly #deps: Deps;
  readonly #log: FastifyBaseLogger;
  readonly #board: RaceBoardCache;
  readonly #streams = new Set<RaceStream>();
  readonly #byAddress = new Map<string, number>();
  #timer: NodeJS.Timeout | null = null;
  #heartbeat: NodeJS.Timeout | null = null;
  #sent = -1;
  #running: Promise<void> | null = null;

  constructor(deps: Deps, log: FastifyBaseLogger, board: RaceBoardCache) {
    this.#deps = deps;
    this.#log = log;
    this.#board = board;
  }

  get full(): boolean {
    return this.#streams.size >= this.#deps.env.LIVE_FEED_MAX_STREAMS;
  }

  fullFor(address: string): boolean {
    return (this.#byAddress.get(address) ?? 0) >= this.#deps.env.LIVE_FEED_MAX_STREAMS_PER_ADDRESS;
  }

  /** Starts a stream on `res` and sends it `board`, the standings as they are now. */
  open(
    res: ServerResponse,
    headers: Record<string, unknown>,
    userId: number | null,
    address: string,
    board: RaceBoard,
  ): void {
    res.writeHead(200, {
      ...(headers as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    const stream = { res, userId, address };
    this.#streams.add(stream);
    this.#byAddress.set(address, (this.#byAddress.get(address) ?? 0) + 1);
    res.once('close', () => this.#remove(stream));
    // Not counted as sent: the other streams may not have this version yet, and the next tick sends it.
    this.#write(stream, sseMessage(RACE_STREAM_EVENTS.race, currentRaceOf(board, userId)));
    this.#timer ??= setInterval(() => this.#tick(), RACE_LIVE_MS);
    this.#heartbeat ??= setInterval(() => this.#broadcast(SSE_HEARTBEAT), HEARTBEAT_MS);
  }

  #remove(stream: RaceStream): void {
    if (!this.#streams.delete(stream)) return;
    const left = (this.#byAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) this.#byAddress.set(stream.address, left);
    else this.#byAddress.delete(stream.address);
    if (this.#streams.size === 0) this.#stopTimers();
  }

  #stopTimers(): void {
    if (this.#timer) clearInterval(this.#timer);
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#timer = null;
    this.#heartbeat = null;
  }

  #tick(): void {
    this.#running ??= this.#board
      .fresh()
      .then((board) => {
        if (board.version === this.#sent) return;
        this.#sent = board.version;
        const visitor = sseMessage(RACE_STREAM_EVENTS.race, currentRaceOf(board, null));
        for (const stream of this.#streams) {
          this.#write(
            stream,
            stream.userId === null
              ? visitor
              : sseMessage(RACE_STREAM_EVENTS.race, currentRaceOf(board, stream.userId)),
          );
        }
      })
      .catch((err: unknown) => this.#log.warn({ err }, 'race stream refresh failed'))
      .finally(() => {
        this.#running = null;
      });
  }

  #write(stream: RaceStream, text: string): void {
    if (stream.res.writableLength > MAX_QUEUED_BYTES) {
      stream.res.destroy();
      return;
    }
    stream.res.write(text);
  }

  #broadcast(text: string): void {
    for (const stream of this.#streams) this.#write(stream, text);
  }

  /** Ends every stream (before the server closes, which would otherwise wait for them). */
  async close(): Promise<void> {
    for (const stream of this.#streams) stream.res.end();
    this.#streams.clear();
    this.#byAddress.clear();
    this.#stopTimers();
    await this.#running;
  }
}
