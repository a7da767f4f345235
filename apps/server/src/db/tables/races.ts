import type { ColumnType, Generated } from 'kysely';
import type { RaceExclusion, RaceRepeat } from '@rewards/contracts';

/** A race (migration 0032): its period, its prize table, and how far its prizes got. */
export interface RacesTable {
  id: Generated<number>;
  name: string;
  starts_at: string;
  ends_at: string;
  repeat: RaceRepeat;
  /** JSON array of prize tiers `{ from, to, prize }`, prize in hundredths of R$. */
  prizes: string;
  /** The repeating race this one follows; unique, so each race has at most one next race. */
  follows_id: number | null;
  /** 1: the admin ended it before its planned end (its end is then when they did). */
  ended_early: Generated<number>;
  /** When its results were fixed (the end plus the offer hold); set once. */
  final_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the last of its prizes was paid. */
  paid_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

/** One player the prize decision walked, in the final standings' order: a winner, or passed over. */
export interface RaceResultsTable {
  race_id: number;
  place: number;
  user_id: number;
  username: string;
  /** Hundredths of R$ earned in the race. */
  amount: number;
  reached_at: string;
  prize_rank: number | null;
  /** Hundredths of R$; 0 for an excluded player. */
  prize: number;
  excluded: RaceExclusion | null;
  linked_to: string | null;
  /** The prize's ledger entry, once paid (key `race:<race>:<rank>`). */
  ledger_entry_id: number | null;
}

export interface RacesTables {
  races: RacesTable;
  race_results: RaceResultsTable;
}
