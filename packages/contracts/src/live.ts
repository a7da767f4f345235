import { z } from 'zod';

/** Ledger kinds the public live feed shows: earnings from providers, and giveaways (whose winners are public already). */
export const liveFeedKinds = ['offer', 'survey', 'giveaway'] as const;
export type LiveFeedKind = (typeof liveFeedKinds)[number];

/**
 * One public earning of the live feed. Carries nothing that identifies a player beyond the shortened
 * name: no user id, no full name. `id` is the ledger entry's, so a client can merge polled and streamed events.
 */
export const liveEarning = z.object({
  id: z.number().int(),
  /** The player's name shortened, e.g. `Alice…`. */
  name: z.string(),
  /** R$ credited. */
  amount: z.number(),
  kind: z.enum(liveFeedKinds),
  /** The wall's display name (e.g. `Lootably`), or `Giveaway`. */
  source: z.string(),
  /** ISO-8601 UTC. */
  at: z.string(),
});
export type LiveEarning = z.infer<typeof liveEarning>;

/** `GET /api/live/recent`: the newest earnings, newest first (the fallback when the stream is refused or fails). */
export const liveRecentResponse = z.object({ events: z.array(liveEarning) });
export type LiveRecentResponse = z.infer<typeof liveRecentResponse>;

/** The signed-in player's own balance after one of their credits, sent only on their authenticated stream. */
export const liveBalance = z.object({ robux: z.number() });
export type LiveBalance = z.infer<typeof liveBalance>;

/**
 * `GET /api/live/stream` (Server-Sent Events, `Accept: text/event-stream`): `event: earning` with a
 * LiveEarning, `event: balance` with a LiveBalance (only with `Authorization: Bearer`), and comment
 * lines as heartbeats. Over the process's bound, or its bound for one address, it answers 503 with code
 * `LIVE_FEED_FULL`.
 */
export const LIVE_STREAM_EVENTS = { earning: 'earning', balance: 'balance' } as const;
export const liveStreamResponse = z.string().describe('text/event-stream');
