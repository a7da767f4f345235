import type { FastifyBaseLogger } from 'fastify';
import { RACE_STREAM_EVENTS } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { findSessionUser } from '../auth/index.ts';
import { EventStreams, sseJsonMessage, type StreamCaller, type StreamResponse } from '../live/index.ts';
import { currentRaceJson, type RaceBoard, type RaceBoardCache } from './board.ts';

/** How often the board is brought up to date while race streams are open. */
export const RACE_LIVE_MS = 1000;

/**
 * The Race tab's live standings, the live feed's way (modules/live): Server-Sent Events read with
 * fetch, one shared timer per process that runs only while streams are open. Each tick brings the
 * process's board up to date by its changes; when what a player could see changed, every stream is
 * sent `event: race` with the same answer as `GET /api/races/current` (its own place on a signed-in
 * stream). Each heartbeat checks the signed-in streams' sessions again: a stream opened with a session
 * that has since ended is closed. The endpoint stays for the first paint and for clients whose stream
 * is refused.
 */
export class RaceStreams extends EventStreams {
  readonly #deps: Deps;
  readonly #log: FastifyBaseLogger;
  readonly #board: RaceBoardCache;
  #timer: NodeJS.Timeout | null = null;
  #sent = -1;
  #running: Promise<void> | null = null;

  constructor(deps: Deps, log: FastifyBaseLogger, board: RaceBoardCache) {
    super(deps.env);
    this.#deps = deps;
    this.#log = log;
    this.#board = board;
  }

  protected override onBeat(): void {
    const deps = this.#deps;
    void this.endSignedOut(async (tokenHash) =>
      Boolean(await findSessionUser(deps.db, tokenHash, deps.clock.now().toISOString())),
    ).catch((err: unknown) => this.#log.warn({ err }, 'race stream session check failed'));
  }

  protected override onEmpty(): void {
    this.#stopTimer();
  }

  /** Starts a stream on `out` for `caller` and sends it `board`, the standings as they are now. */
  open(out: StreamResponse, caller: StreamCaller, board: RaceBoard): void {
    const stream = this.add(out, caller);
    // Not counted as sent: the other streams may not have this version yet, and the next tick sends it.
    this.write(stream, raceMessage(board, stream.userId));
    this.#timer ??= setInterval(() => this.#tick(), RACE_LIVE_MS);
  }

  #stopTimer(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  #tick(): void {
    if (this.size === 0) return;
    this.#running ??= this.#board
      .fresh()
      .then((board) => {
        if (board.version === this.#sent) return;
        this.#sent = board.version;
        // The part every stream shares is serialized once per change; each player's place is added.
        const visitor = raceMessage(board, null);
        for (const stream of this) {
          this.write(stream, stream.userId === null ? visitor : raceMessage(board, stream.userId));
        }
      })
      .catch((err: unknown) => this.#log.warn({ err }, 'race stream refresh failed'))
      .finally(() => {
        this.#running = null;
      });
  }

  /** Ends every stream (before the server closes, which would otherwise wait for them). */
  async close(): Promise<void> {
    this.endAll();
    this.#stopTimer();
    await this.#running;
  }
}

const raceMessage = (board: RaceBoard, userId: number | null) =>
  sseJsonMessage(RACE_STREAM_EVENTS.race, currentRaceJson(board, userId));
