import type { FastifyBaseLogger } from 'fastify';
import { fromCents, LIVE_STREAM_EVENTS } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { EventStreams, type EventStream, type StreamCaller, type StreamResponse } from './event-streams.ts';
import { publicEarning, sseMessage } from './events.ts';
import { findSessionUser } from '../auth/index.ts';
import type { LedgerEvent } from './repository.ts';
import { startPoller, type LedgerSource } from './sources.ts';

/**
 * The process's live-feed streams and its one ledger source, which runs only while streams are open:
 * new entries are read once and fanned out to every stream, and each affected signed-in player's
 * balance to their own streams.
 */
export class LiveHub extends EventStreams {
  readonly #deps: Deps;
  readonly #log: FastifyBaseLogger;
  readonly #byUser = new Map<number, Set<EventStream>>();
  #source: LedgerSource | null = null;

  constructor(deps: Deps, log: FastifyBaseLogger) {
    super(deps.env);
    this.#deps = deps;
    this.#log = log;
  }

  protected override onEmpty(): void {
    void this.#stopSource();
  }

  /** Starts an event stream on `out` for `caller` and adds it; a signed-in one is sent its player's balance too. */
  open(out: StreamResponse, caller: StreamCaller): void {
    const { res } = out;
    const stream = this.add(out, caller);
    if (stream.userId !== null) {
      const own = this.#byUser.get(stream.userId) ?? new Set();
      own.add(stream);
      this.#byUser.set(stream.userId, own);
      const userId = stream.userId;
      res.once('close', () => {
        own.delete(stream);
        if (own.size === 0) this.#byUser.delete(userId);
      });
    }
    this.#source ??= startPoller(this.#deps.db, (entries) => this.#deliver(entries), this.#log);
    // The headers go with this first line, as soon as the ledger source knows where it starts: a client
    // that sees the stream open is sent every credit committed from then on.
    void this.#source.started.then(() => {
      if (!res.writableEnded && !res.destroyed) res.write(': open\n\n');
    });
  }

  async #stopSource(): Promise<void> {
    const source = this.#source;
    this.#source = null;
    await source?.stop();
  }

  /** Public earnings to every stream, then each affected signed-in player's balance to their own streams. */
  async #deliver(entries: LedgerEvent[]): Promise<void> {
    for (const entry of entries) {
      const earning = publicEarning(entry);
      if (earning) this.broadcast(sseMessage(LIVE_STREAM_EVENTS.earning, earning));
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
          this.write(
            stream,
            sseMessage(LIVE_STREAM_EVENTS.balance, { robux: fromCents(Number(account.balance)) }),
          );
      }),
    );
  }

  /** Ends every stream and the source (before the server closes, which would otherwise wait for them). */
  async close(): Promise<void> {
    this.endAll();
    this.#byUser.clear();
    await this.#stopSource();
  }
}
