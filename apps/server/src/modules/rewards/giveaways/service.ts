import { randomBytes, randomInt } from 'node:crypto';
import {
  createGiveawayRequest,
  drawCommitment,
  drawWinner,
  fromCents,
  shortName,
  toCents,
  type AdminGiveaway,
  type AdminGiveawayEntriesResponse,
  type CreateGiveawayRequest,
  type GiveawayPickResponse,
  type GiveawayResponse,
} from '@rewards/contracts';
import type { Player } from '../../auth/index.ts';
import type { Deps } from '../../../deps.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { insertAudit } from '../../audit/index.ts';
import * as repo from './repository.ts';
import { creditEarning } from '../../ledger/index.ts';
import { onePerPerson } from '../../signals/index.ts';
import { parseInput } from '../../../shared/parse-input.ts';

export const GIVEAWAY_ERRORS = {
  none: 'There is no giveaway right now. Check back soon!',
  ended: 'This giveaway has ended.',
  already: 'You have already entered this giveaway.',
  notEnded: 'The giveaway has not ended yet.',
} as const;

function isOver(row: repo.GiveawayRow, now: string): boolean {
  return row.ended_at !== null || row.end_at <= now;
}

function toPublic(row: repo.GiveawayRow, now: string, entered: boolean): GiveawayResponse {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    prize: fromCents(Number(row.prize)),
    endDate: row.end_at,
    entries: Number(row.entries ?? 0),
    entered,
    winner: row.winner ?? null,
    ended: isOver(row, now),
    commitment: row.draw_commitment,
    draw: publishedDraw(row),
  };
}

/** The draw as published once picked; the secret stays private until then. */
function publishedDraw(row: repo.GiveawayRow): GiveawayResponse['draw'] {
  if (row.ended_at === null || row.draw_secret === null || row.draw_hash === null) return null;
  return {
    secret: row.draw_secret,
    entries: JSON.parse(row.draw_entries ?? '[]') as string[],
    hash: row.draw_hash,
    winnerIndex: row.draw_winner_index,
  };
}

function toAdmin(row: repo.GiveawayRow, now: string): AdminGiveaway {
  const { entered: _entered, ...rest } = toPublic(row, now, false);
  return { ...rest, createdAt: row.created_at, endedAt: row.ended_at };
}

async function loadCurrent(deps: Deps) {
  const id = await repo.findCurrentGiveawayId(deps.db);
  const row = id === null ? undefined : await repo.findGiveaway(deps.db, id);
  if (!row) throw notFound(GIVEAWAY_ERRORS.none);
  return row;
}

/** The current giveaway; `entered` tells whether `player` (if signed in) has entered it. */
export async function getCurrentGiveaway(deps: Deps, player: Player | null): Promise<GiveawayResponse> {
  const row = await loadCurrent(deps);
  const entered = player ? await repo.hasEntered(deps.db, row.id, player.id) : false;
  return toPublic(row, deps.clock.now().toISOString(), entered);
}

/** Enters the signed-in player into the current giveaway, once, while it is open. */
export async function enterGiveaway(deps: Deps, player: Player): Promise<GiveawayResponse> {
  const current = await loadCurrent(deps);
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.lockOpenGiveaway(trx, current.id, now))) throw conflict(GIVEAWAY_ERRORS.ended);
    if (!(await repo.insertEntryOnce(trx, current.id, player.id, now)))
      throw conflict(GIVEAWAY_ERRORS.already);
  });
  const row = await repo.findGiveaway(deps.db, current.id);
  if (!row) throw notFound(GIVEAWAY_ERRORS.none);
  return toPublic(row, now, true);
}

/**
 * Picks the winner of giveaway `id` once its end time has passed. The guarded "end it" statement
 * lets exactly one caller (request or scheduler, in any process) draw, and credits the prize (key
 * `giveaway:<id>`) in the same transaction. Everyone else, and every later call, gets the stored
 * winner. No eligible entrants → ended, no winner.
 *
 * The draw is the published function of the giveaway's secret, its id and the eligible entrants'
 * shortened names (docs/draws.md), and is stored so anyone can check it. Eligible: not banned, not
 * deleted, and one account per person: of accounts that share a device or a sign-in address, the
 * oldest (lowest id) holds the ticket, so alts do not multiply a person's chance. A giveaway ended before
 * draws had secrets has none: it draws uniformly with a CSPRNG and publishes no draw.
 */
export async function pickWinner(deps: Deps, id: number): Promise<GiveawayPickResponse> {
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const won = await repo.markEnded(trx, id, now);
    if (!won) return;
    const g = (await repo.findGiveaway(trx, id))!;
    const eligible = await repo.listEligibleEntrants(trx, id);
    const tickets = await onePerPerson(
      trx,
      eligible.map((e) => e.user_id),
    );
    const entrants = eligible.filter((e) => tickets.has(e.user_id));
    let winnerIndex: number | null;
    if (g.draw_secret !== null) {
      const entries = entrants.map((e) => shortName(e.username));
      const draw = await drawWinner(g.draw_secret, id, entries);
      winnerIndex = draw.index;
      const winnerId = winnerIndex === null ? null : entrants[winnerIndex]!.user_id;
      await repo.setDraw(trx, id, { winnerId, entries, hash: draw.hash, index: winnerIndex });
    } else {
      winnerIndex = entrants.length === 0 ? null : randomInt(entrants.length);
      if (winnerIndex !== null) await repo.setWinner(trx, id, entrants[winnerIndex]!.user_id);
    }
    if (winnerIndex === null) return;
    await creditEarning(trx, deps, {
      userId: entrants[winnerIndex]!.user_id,
      amount: Number(g.prize),
      kind: 'giveaway',
      key: `giveaway:${id}`,
      params: { giveaway: g.title },
      meta: {
        giveawayId: id,
        entrants: entrants.length,
        passedOverAsLinked: eligible.length - entrants.length,
      },
    });
  });
  const row = await repo.findGiveaway(deps.db, id);
  if (!row) throw notFound(GIVEAWAY_ERRORS.none);
  if (row.ended_at === null) throw conflict(GIVEAWAY_ERRORS.notEnded);
  return { winner: row.winner ?? null };
}

/** POST /api/giveaway/pick: picks the current giveaway's winner (or returns the stored one). */
export async function pickCurrentWinner(deps: Deps): Promise<GiveawayPickResponse> {
  const current = await loadCurrent(deps);
  return pickWinner(deps, current.id);
}

/** The scheduler's round: picks every giveaway whose end has passed. Returns how many it ended. */
export async function pickDueWinners(deps: Deps): Promise<number> {
  const due = await repo.listDueGiveawayIds(deps.db, deps.clock.now().toISOString());
  for (const id of due) await pickWinner(deps, id);
  return due.length;
}

/** Admin: creates a giveaway (prize in R$, end time in the future) and writes the audit row. */
export async function createGiveaway(
  deps: Deps,
  input: CreateGiveawayRequest,
  actor = 'admin',
): Promise<AdminGiveaway> {
  const { title, description, prize, endAt } = parseInput(createGiveawayRequest, input);
  const now = deps.clock.now().toISOString();
  const end = new Date(endAt).toISOString();
  if (end <= now) throw badRequest('endAt: The end date must be in the future.');
  // The secret stays on the server until the draw; its hash is public from now on (docs/draws.md).
  const secret = randomBytes(32).toString('hex');
  const commitment = await drawCommitment(secret);
  return deps.db.transaction().execute(async (trx) => {
    const id = await repo.insertGiveaway(trx, {
      secret,
      commitment,
      title,
      description,
      prize: toCents(prize),
      endAt: end,
      createdAt: now,
    });
    const created = toAdmin((await repo.findGiveaway(trx, id))!, now);
    await insertAudit(
      trx,
      { actor, action: 'giveaway.create', target: `giveaway:${id}`, after: created },
      now,
    );
    return created;
  });
}

/** Admin: ends an open giveaway now and picks its winner; ending an ended one changes nothing. */
export async function endGiveawayNow(deps: Deps, id: number, actor = 'admin'): Promise<AdminGiveaway> {
  const now = deps.clock.now().toISOString();
  const before = await repo.findGiveaway(deps.db, id);
  if (!before) throw notFound('No giveaway with that id.');
  await repo.endEarly(deps.db, id, now);
  await pickWinner(deps, id);
  const after = toAdmin((await repo.findGiveaway(deps.db, id))!, now);
  if (before.ended_at === null) {
    await insertAudit(
      deps.db,
      {
        actor,
        action: 'giveaway.end',
        target: `giveaway:${id}`,
        before: { endDate: before.end_at, endedAt: null },
        after: { endDate: after.endDate, endedAt: after.endedAt, winner: after.winner },
      },
      now,
    );
  }
  return after;
}

/** Admin: every giveaway, newest first, with entry counts and winners. */
export async function listGiveaways(deps: Deps): Promise<AdminGiveaway[]> {
  const now = deps.clock.now().toISOString();
  return (await repo.listGiveaways(deps.db)).map((row) => toAdmin(row, now));
}

/** Admin: who entered a giveaway, in the order they entered. */
export async function listGiveawayEntries(deps: Deps, id: number): Promise<AdminGiveawayEntriesResponse> {
  if (!(await repo.findGiveaway(deps.db, id))) throw notFound('No giveaway with that id.');
  const rows = await repo.listEntries(deps.db, id);
  return { entries: rows.map((r) => ({ username: r.username, enteredAt: r.created_at })) };
}
