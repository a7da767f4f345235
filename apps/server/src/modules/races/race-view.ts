import {
  fromCents,
  type AdminRace,
  type PrizeTier,
  type PublicRace,
  type RaceState,
} from '@rewards/contracts';
import type { RaceRow } from './repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** A stored prize table (hundredths of R$) in R$, as the contracts carry it. */
export function tiersOf(row: Pick<RaceRow, 'prizes'>): PrizeTier[] {
  const stored = JSON.parse(row.prizes) as PrizeTier[];
  return stored.map((t) => ({ from: t.from, to: t.to, prize: fromCents(t.prize) }));
}

/** The same table in hundredths of R$, as the prize decision pays it. */
export function tiersInCents(row: Pick<RaceRow, 'prizes'>): PrizeTier[] {
  return JSON.parse(row.prizes) as PrizeTier[];
}

export function toPublicRace(row: RaceRow): PublicRace {
  return {
    id: row.id,
    name: row.name,
    startAt: row.starts_at,
    endAt: row.ends_at,
    repeat: row.repeat,
    prizes: tiersOf(row),
  };
}

/** When a race's prizes are decided: its end plus the offer hold, so reversals in the hold count. */
export function decidesAt(row: Pick<RaceRow, 'ends_at'>, holdHours: number): string {
  return new Date(Date.parse(row.ends_at) + holdHours * HOUR_MS).toISOString();
}

export function raceStateOf(row: RaceRow, now: string): RaceState {
  if (row.paid_at !== null) return 'paid';
  if (row.final_at !== null) return 'final';
  if (row.starts_at > now) return 'scheduled';
  if (row.ends_at > now) return 'running';
  return 'ended';
}

export function toAdminRace(row: RaceRow, now: string, holdHours: number): AdminRace {
  return {
    ...toPublicRace(row),
    state: raceStateOf(row, now),
    createdAt: row.created_at,
    decidesAt: decidesAt(row, holdHours),
    endedEarly: Number(row.ended_early) === 1,
  };
}
