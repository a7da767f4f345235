import { z } from 'zod';
import { nextDay, siteDay, siteDayStart } from './calendar.ts';
import { hasAtMostTwoDecimals } from './rewards.ts';

/*
 * Races: leaderboards over a period that count R$ earned from offers and surveys, net of reversals,
 * and pay a prize table by rank once the offer hold after the end has passed (docs/races.md).
 */

/** A one-off race, or one that starts the next by itself at each day's, week's (Monday) or month's start. */
export const raceRepeats = ['none', 'daily', 'weekly', 'monthly'] as const;
export const raceRepeat = z.enum(raceRepeats);
export type RaceRepeat = z.infer<typeof raceRepeat>;

/** The most ranks a prize table may pay. */
export const MAX_PRIZE_RANKS = 100;

const robux = z
  .number()
  .positive('The prize must be greater than 0.')
  .max(1_000_000)
  .refine(hasAtMostTwoDecimals, { message: 'The prize has at most 2 decimals.' });

/** Ranks `from` to `to` (inclusive) each win `prize` R$: `{ from: 3, to: 10, prize: 25 }`. */
export const prizeTier = z.object({
  from: z.number().int().min(1).max(MAX_PRIZE_RANKS),
  to: z.number().int().min(1).max(MAX_PRIZE_RANKS),
  prize: robux,
});
export type PrizeTier = z.infer<typeof prizeTier>;

/** Tiers in rank order, from 1st, without gaps or overlaps. */
export const prizeTable = z
  .array(prizeTier)
  .min(1, 'A race needs at least one prize.')
  .max(MAX_PRIZE_RANKS)
  .superRefine((tiers, ctx) => {
    let next = 1;
    for (const [i, t] of tiers.entries()) {
      if (t.from !== next || t.to < t.from) {
        ctx.addIssue({ code: 'custom', path: [i, 'from'], message: `Ranks must follow on from ${next}.` });
        return;
      }
      next = t.to + 1;
    }
  });

/** How many ranks a prize table pays. */
export function paidRanks(tiers: readonly PrizeTier[]): number {
  return tiers.at(-1)?.to ?? 0;
}

/** What rank `rank` wins in R$, or 0. */
export function prizeOfRank(tiers: readonly PrizeTier[], rank: number): number {
  return tiers.find((t) => rank >= t.from && rank <= t.to)?.prize ?? 0;
}

/**
 * When the race period that `at` falls in ends: the next site day's, Monday's or first of the
 * month's midnight in the site's time zone. A repeating race runs from its start to this boundary,
 * and the next one from there to the boundary after.
 */
export function racePeriodEnd(repeat: Exclude<RaceRepeat, 'none'>, at: Date, timeZone: string): Date {
  const day = siteDay(at, timeZone);
  let end = nextDay(day);
  if (repeat === 'weekly') {
    // getUTCDay of the calendar day's date: 1 is Monday.
    while (new Date(`${end}T00:00:00Z`).getUTCDay() !== 1) end = nextDay(end);
  } else if (repeat === 'monthly') {
    while (!end.endsWith('-01')) end = nextDay(end);
  }
  return siteDayStart(end, timeZone);
}

// ---------------------------------------------------------------------------------------------
// Players
// ---------------------------------------------------------------------------------------------

export const raceStanding = z.object({
  rank: z.number().int(),
  username: z.string(),
  /** R$ earned from offers and surveys in the race, net of reversals. */
  amount: z.number(),
  /** What this rank wins in R$ (0 outside the prize table). */
  prize: z.number(),
});
export type RaceStanding = z.infer<typeof raceStanding>;

export const publicRace = z.object({
  id: z.number(),
  name: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  repeat: raceRepeat,
  prizes: z.array(prizeTier),
});
export type PublicRace = z.infer<typeof publicRace>;

/**
 * GET /api/races/current: the running race (the one ending first, if several run) with its top
 * standings, the caller's own place when signed in (null: not in the standings yet), the next race
 * when none runs, and the winners of the last race whose prizes were decided.
 */
export const currentRaceResponse = z.object({
  race: publicRace.nullable(),
  standings: z.array(raceStanding),
  me: z.object({ rank: z.number().int(), amount: z.number(), prize: z.number() }).nullable(),
  /** When the standings were last brought up to date (every second while anyone looks). */
  countedAt: z.string().nullable(),
  next: publicRace.nullable(),
  previous: z
    .object({
      race: publicRace,
      winners: z.array(z.object({ rank: z.number().int(), username: z.string(), prize: z.number() })),
    })
    .nullable(),
});
export type CurrentRaceResponse = z.infer<typeof currentRaceResponse>;

/**
 * `GET /api/races/stream` (Server-Sent Events, `Accept: text/event-stream`): `event: race` with a
 * CurrentRaceResponse when it opens and whenever the standings change (`me` only with
 * `Authorization: Bearer`), and comment lines as heartbeats. Over the live feed's bounds it answers
 * 503 with code `LIVE_FEED_FULL`, and the page polls `GET /api/races/current` instead.
 */
export const RACE_STREAM_EVENTS = { race: 'race' } as const;
export const raceStreamResponse = z.string().describe('text/event-stream');

// ---------------------------------------------------------------------------------------------
// Admin console
// ---------------------------------------------------------------------------------------------

/** scheduled → running → ended (waiting out the offer hold) → final (results fixed) → paid. */
export const raceStates = ['scheduled', 'running', 'ended', 'final', 'paid'] as const;
export const raceState = z.enum(raceStates);
export type RaceState = z.infer<typeof raceState>;

export const adminRace = publicRace.extend({
  state: raceState,
  createdAt: z.string(),
  /** When the prizes are decided: the end plus OFFER_HOLD_HOURS. */
  decidesAt: z.string(),
  endedEarly: z.boolean(),
});
export type AdminRace = z.infer<typeof adminRace>;

/** GET /api/admin/races: newest first. */
export const adminRacesResponse = z.object({ races: z.array(adminRace) });
export type AdminRacesResponse = z.infer<typeof adminRacesResponse>;

/** POST /api/admin/races. A repeating race runs from `startAt` to its period's end; `endAt` is for one-off races. */
export const createRaceRequest = z
  .object({
    name: z.string().trim().min(1, 'A name is required.').max(120),
    startAt: z.iso.datetime({ offset: true }),
    endAt: z.iso.datetime({ offset: true }).optional(),
    repeat: raceRepeat.default('none'),
    prizes: prizeTable,
  })
  .refine((r) => r.repeat !== 'none' || r.endAt !== undefined, {
    path: ['endAt'],
    message: 'A race that does not repeat needs an end.',
  });
export type CreateRaceRequest = z.input<typeof createRaceRequest>;

/** PATCH /api/admin/races/{id}: before its prizes are decided. Stopping the repeat: `repeat: 'none'`. */
export const updateRaceRequest = z.object({
  name: z.string().trim().min(1, 'A name is required.').max(120).optional(),
  endAt: z.iso.datetime({ offset: true }).optional(),
  repeat: raceRepeat.optional(),
  prizes: prizeTable.optional(),
});
export type UpdateRaceRequest = z.infer<typeof updateRaceRequest>;

/** Why a player in the prize places was passed over. */
export const raceExclusions = ['banned', 'deleted', 'linked'] as const;
export const raceExclusion = z.enum(raceExclusions);
export type RaceExclusion = z.infer<typeof raceExclusion>;

export const adminRaceResult = z.object({
  /** Place in the final standings. */
  place: z.number().int(),
  userId: z.number(),
  username: z.string(),
  amount: z.number(),
  reachedAt: z.string(),
  /** The prize rank this player won (null: excluded). */
  prizeRank: z.number().int().nullable(),
  prize: z.number(),
  excluded: raceExclusion.nullable(),
  /** For `linked`: the account in this race it shares a device or address with. */
  linkedTo: z.string().nullable(),
  paid: z.boolean(),
});
export type AdminRaceResult = z.infer<typeof adminRaceResult>;

/**
 * GET /api/admin/races/{id}/standings: the live top while the race is open, and once the prizes are
 * decided, the players the decision walked (winners and those excluded, with the reason).
 */
export const adminRaceStandingsResponse = z.object({
  race: adminRace,
  standings: z.array(raceStanding.extend({ userId: z.number(), reachedAt: z.string() })),
  results: z.array(adminRaceResult),
});
export type AdminRaceStandingsResponse = z.infer<typeof adminRaceStandingsResponse>;
