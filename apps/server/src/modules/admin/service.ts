import { randomUUID } from 'node:crypto';
import {
  fromCents,
  toCents,
  type AddPointsResponse,
  type AdminUsersQuery,
  type AdminUsersResponse,
  type AuditRow,
  type LedgerRow,
  type OverviewResponse,
} from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../shared/errors.ts';
import { previousDay, siteDay, siteDayStart } from '../../shared/clock.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import { insertAudit, listAudit } from '../audit/index.ts';
import { entryParamsOf, listEntriesForUser, ledgerCells, EARNING_KINDS, post } from '../ledger/index.ts';
import { findUserById } from '../users/index.ts';
import { holdWithdrawalsOfBannedPlayer } from '../withdrawals/index.ts';
import * as overviewRepo from './overview-repository.ts';
import * as repo from './user-list-repository.ts';

const ACTOR = 'admin';
const MAX_GRANT_ROBUX = 1_000_000;

/**
 * Counting 100,000 players on every page turn costs more than the page itself; the total is
 * kept a few seconds per search (a pager may be a moment behind, the rows never are).
 */
export function newUserCountCache(): TtlCache<string, number> {
  return new TtlCache({ ttlMs: 5_000, maxEntries: 1_000 });
}

export async function listUsers(
  deps: Deps,
  q: AdminUsersQuery,
  counts: TtlCache<string, number>,
): Promise<AdminUsersResponse> {
  const key = `${q.linked ? 'linked:' : ''}${q.search?.toLowerCase() ?? ''}`;
  const cached = counts.get(key);
  const [rows, total] = await Promise.all([
    repo.searchUsers(deps.db, q.search, q.pageSize, (q.page - 1) * q.pageSize, q.linked),
    cached ?? repo.countUsers(deps.db, q.search, q.linked),
  ]);
  if (cached === undefined) counts.set(key, total);
  return {
    users: rows.map((r) => ({
      _id: r.id,
      username: r.username,
      robloxId: Number(r.roblox_id),
      earnings: fromCents(Number(r.earnings)),
      balance: fromCents(Number(r.balance)),
      status: r.status ?? 'active',
      verified: r.verified === 1,
      joinedAt: r.joined_at,
      linked: Boolean(Number(r.linked)),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function setBanStatus(deps: Deps, id: number, status: 'active' | 'banned') {
  return deps.db.transaction().execute(async (trx) => {
    const before = await findUserById(trx, id);
    if (!before) throw notFound('User not found.');
    await trx.updateTable('users').set({ status }).where('id', '=', id).execute();
    // A ban freezes money: waiting withdrawals go to `held` for an admin to decide (unbanning pays none).
    if (status === 'banned') await holdWithdrawalsOfBannedPlayer(trx, deps, id);
    await insertAudit(
      trx,
      {
        actor: ACTOR,
        action: status === 'banned' ? 'user.ban' : 'user.unban',
        target: `user:${id}`,
        before: { status: before.status },
        after: { status },
      },
      deps.clock.now().toISOString(),
    );
    return { _id: id, status };
  });
}

/** The spec's rule: a whole number of points greater than 0, else "Invalid points". */
function parsePoints(points: unknown): number {
  const n = typeof points === 'string' && points.trim() !== '' ? Number(points) : points;
  if (typeof n !== 'number' || !Number.isInteger(n) || n <= 0 || n > MAX_GRANT_ROBUX)
    throw badRequest('Invalid points');
  return n;
}

export async function addPoints(
  deps: Deps,
  input: { userId: number; points: unknown; reason?: string },
  requestKey?: string,
): Promise<AddPointsResponse> {
  const points = parsePoints(input.points);
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, input.userId);
    if (!user) throw notFound('User not found.');
    // A deleted account gave up its balance: R$ added to it would be owed to nobody.
    if (user.deleted_at !== null)
      throw conflict('This player deleted their account: nothing can be added to it.');
    const result = await post(trx, deps.clock, {
      userId: user.id,
      amount: toCents(points),
      kind: 'admin',
      // A retried request with the same Idempotency-Key grants once; the key is the grant's to this
      // player (the same key for another player is another grant).
      key: `admin:${user.id}:${requestKey ?? randomUUID()}`,
      params: input.reason ? { reason: input.reason } : {},
    });
    if (result.applied) {
      await insertAudit(
        trx,
        {
          actor: ACTOR,
          action: 'user.add_points',
          target: `user:${user.id}`,
          before: { balance: fromCents(Number(user.balance)) },
          after: { balance: fromCents(result.balance), points, reason: input.reason ?? null },
        },
        now,
      );
    }
    return { newEarnings: fromCents(result.balance), balance: fromCents(result.balance) };
  });
}

export async function userLedger(deps: Deps, userId: number, beforeId?: number): Promise<LedgerRow[]> {
  const rows = await listEntriesForUser(deps.db, userId, 100, beforeId);
  return rows.map((r) => ({
    id: r.id,
    amount: fromCents(Number(r.amount)),
    kind: r.kind,
    params: entryParamsOf(r.params),
    description: r.description,
    createdAt: r.created_at,
  }));
}

export async function auditLog(deps: Deps, beforeId?: number, actor?: string): Promise<AuditRow[]> {
  const rows = await listAudit(deps.db, 100, beforeId, actor);
  const parse = (v: string | null) => (v === null ? null : JSON.parse(v));
  return rows.map((r) => ({
    id: r.id,
    actor: r.actor,
    action: r.action,
    target: r.target,
    before: parse(r.before),
    after: parse(r.after),
    createdAt: r.created_at,
  }));
}

export async function overview(deps: Deps): Promise<OverviewResponse> {
  // Days are site days (SITE_TIME_ZONE): the chart's 30 end with today.
  const zone = deps.env.SITE_TIME_ZONE;
  const today = siteDay(deps.clock.now(), zone);
  const dayList = [today];
  while (dayList.length < 30) dayList.unshift(previousDay(dayList[0]!));
  const since = siteDayStart(dayList[0]!, zone).toISOString();
  const [counts, cells, joins, postbacks] = await Promise.all([
    overviewRepo.countPlayersAndWaitingWithdrawals(deps.db),
    ledgerCells(deps.db, zone),
    overviewRepo.newPlayersByDay(deps.db, since, zone),
    overviewRepo.countPostbacksSince(deps.db, siteDayStart(today, zone).toISOString()),
  ]);
  // Earned: the entries of the earning kinds (admin grants and reversals are not earnings).
  // Withdrawn: withdrawals less their refunds.
  const total = { earned: 0, withdrawn: 0 };
  const byDay = new Map<string, { earned: number; withdrawn: number }>();
  for (const c of cells) {
    const earned = EARNING_KINDS.has(c.kind) ? c.cents : 0;
    const withdrawn = c.kind === 'withdrawal' || c.kind === 'withdrawal_refund' ? -c.cents : 0;
    total.earned += earned;
    total.withdrawn += withdrawn;
    const day = byDay.get(c.day) ?? { earned: 0, withdrawn: 0 };
    day.earned += earned;
    day.withdrawn += withdrawn;
    byDay.set(c.day, day);
  }
  const days = dayList.map((day) => {
    const money = byDay.get(day);
    return {
      day,
      earned: fromCents(money?.earned ?? 0),
      withdrawn: fromCents(money?.withdrawn ?? 0),
      newPlayers: joins.get(day) ?? 0,
    };
  });
  return {
    totals: {
      players: counts.players,
      earned: fromCents(total.earned),
      withdrawn: fromCents(total.withdrawn),
      withdrawalsWaiting: counts.withdrawalsWaiting,
      postbacksToday: postbacks,
    },
    days,
  };
}
