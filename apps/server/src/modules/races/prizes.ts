import { paidRanks, prizeOfRank, racePeriodEnd, type RaceExclusion } from '@rewards/contracts';
import type { Insertable } from 'kysely';
import type { RaceResultsTable } from '../../db/tables/races.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Deps } from '../../deps.ts';
import { creditEarning, lockUser } from '../ledger/index.ts';
import { earningsBetween, type PeriodEarning } from '../offers/index.ts';
import { listLinkedAccounts } from '../signals/index.ts';
import * as repo from './repository.ts';
import { tiersInCents } from './race-view.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The ledger key of a race's prize for a rank: one payment per rank, ever. */
export const racePrizeKey = (raceId: number, rank: number) => `race:${raceId}:${rank}`;

/**
 * Starts the next race of every repeating race that has started and has none yet: from its end to
 * the next day's, week's or month's boundary in the site's time zone, with the same name and prizes.
 * Races follow each other at the boundary even when this runs late; `follows_id` is unique, so two
 * processes running this at once start one. The race is read again with the insert: an admin who
 * ended it or changed its repeat since the list was read stopped or moved the series, and this must
 * not make a next race from what it was.
 */
export async function startNextRaces(deps: Deps): Promise<number> {
  const now = deps.clock.now().toISOString();
  const due = await repo.repeatingWithoutNext(deps.db, now);
  for (const r of due) {
    const repeat = r.repeat;
    if (repeat === 'none') continue;
    await inTransaction(deps.db, async (trx) => {
      if (!(await repo.stillContinues(trx, r.id, r.ends_at, repeat))) return;
      await repo.insertNextRaceOnce(trx, {
        name: r.name,
        starts_at: r.ends_at,
        ends_at: racePeriodEnd(repeat, new Date(r.ends_at), deps.env.SITE_TIME_ZONE).toISOString(),
        repeat,
        prizes: r.prizes,
        follows_id: r.id,
        created_at: now,
      });
    });
  }
  return due.length;
}

/**
 * Why a player may not win: banned, deleted, or sharing a device or sign-in address with another player who
 * earned in this race (an account and its alt would otherwise take two prizes, or one for the other).
 */
async function exclusionOf(
  deps: Deps,
  player: PeriodEarning & { banned: boolean; deleted: boolean },
  inRace: ReadonlyMap<number, PeriodEarning>,
): Promise<{ excluded: RaceExclusion; linkedTo: string | null } | null> {
  if (player.banned) return { excluded: 'banned', linkedTo: null };
  // A deleted account's balance was given up with it: a prize would be paid to nobody.
  if (player.deleted) return { excluded: 'deleted', linkedTo: null };
  const { accounts } = await listLinkedAccounts(deps.db, player.userId);
  const other = accounts.find((a) => a._id !== player.userId && inRace.has(a._id));
  return other ? { excluded: 'linked', linkedTo: other.username } : null;
}

/**
 * Fixes a race's results on its standings counted now (its end plus the hold has passed): walks the
 * standings from the top, giving each prize rank to the next player who may win, and records each
 * player walked, winner or excluded with the reason. Only the one caller that marks the race final
 * writes them, in the same transaction; the prizes are paid from what it wrote, never recounted.
 */
export async function fixResults(deps: Deps, race: repo.RaceRow): Promise<boolean> {
  const tiers = tiersInCents(race);
  const ranks = paidRanks(tiers);
  const players = await earningsBetween(deps.db, race.starts_at, race.ends_at);
  const inRace = new Map(players.map((p) => [p.userId, p]));
  const rows: Insertable<RaceResultsTable>[] = [];
  let rank = 1;
  for (const p of players) {
    if (rank > ranks) break;
    const who = (await repo.playersByIds(deps.db, [p.userId])).get(p.userId);
    const exclusion = await exclusionOf(
      deps,
      { ...p, banned: who?.banned ?? true, deleted: who?.deleted ?? false },
      inRace,
    );
    rows.push({
      race_id: race.id,
      place: rows.length + 1,
      user_id: p.userId,
      username: who?.username ?? '',
      amount: p.amount,
      reached_at: p.reachedAt,
      prize_rank: exclusion ? null : rank,
      prize: exclusion ? 0 : prizeOfRank(tiers, rank),
      excluded: exclusion?.excluded ?? null,
      linked_to: exclusion?.linkedTo ?? null,
    });
    if (!exclusion) rank += 1;
  }
  const now = deps.clock.now().toISOString();
  return inTransaction(deps.db, async (trx) => {
    if (!(await repo.markFinal(trx, race.id, now))) return false;
    await repo.insertResults(trx, rows);
    return true;
  });
}

/**
 * Pays a fixed race's unpaid prizes, best rank first, each in its own transaction with its ledger
 * key `race:<race>:<rank>`: a payer stopped between two prizes leaves the rest for the next round,
 * and a winner deleted meanwhile is passed over (`excluded` 'deleted', prize 0),
 * and two payers at once pay each prize once. `budget.left` caps how many it pays (tests stop a
 * payer between two prizes with it). The race is marked paid when none is left.
 */
async function payPrizes(deps: Deps, race: repo.RaceRow, budget: { left: number }): Promise<number> {
  let paid = 0;
  for (const r of await repo.unpaidPrizes(deps.db, race.id)) {
    if (budget.left <= 0) return paid;
    budget.left -= 1;
    const rank = Number(r.prize_rank);
    await inTransaction(deps.db, async (trx) => {
      // Deleted since the results were fixed: what the account had was given up, and so is this.
      await lockUser(trx, r.user_id);
      if ((await repo.playersByIds(trx, [r.user_id])).get(r.user_id)?.deleted !== false) {
        await repo.passOverDeleted(trx, race.id, r.place);
        return;
      }
      const result = await creditEarning(trx, deps, {
        userId: r.user_id,
        amount: Number(r.prize),
        kind: 'race',
        key: racePrizeKey(race.id, rank),
        params: { race: race.name, rank },
        meta: { raceId: race.id, place: r.place },
      });
      await repo.setPaid(trx, race.id, r.place, result.entryId);
      if (result.applied) paid += 1;
    });
  }
  await repo.markPaid(deps.db, race.id, deps.clock.now().toISOString());
  return paid;
}

/**
 * The scheduler's round of prizes: fixes the results of every race whose end plus OFFER_HOLD_HOURS
 * has passed, then pays what is unpaid (at most `maxPrizes`). Returns how many prizes it paid.
 */
export async function settleRaces(deps: Deps, maxPrizes = Number.POSITIVE_INFINITY): Promise<number> {
  const now = deps.clock.now().getTime();
  const endedBy = new Date(now - deps.env.OFFER_HOLD_HOURS * HOUR_MS).toISOString();
  for (const race of await repo.racesToFix(deps.db, endedBy)) await fixResults(deps, race);
  const budget = { left: maxPrizes };
  let paid = 0;
  for (const race of await repo.racesToPay(deps.db)) {
    if (budget.left <= 0) break;
    paid += await payPrizes(deps, race, budget);
  }
  return paid;
}
