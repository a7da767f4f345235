import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { StandinControl } from '@rewards/roblox-standin';
import { balanceOf, userIdOf } from './accounts.ts';
import { priceFor, withdraw } from './gamepasses.ts';
import { creditRobux, expectInvariant } from './ledger.ts';
import { signInPlayer, verifyPlayer, type SignedInPlayer } from './players.ts';
import type { TestApp } from './test-app.ts';

/** The Roblox group that pays group withdrawals in these tests. */
export const PAYOUT_GROUP_ID = 7_001;
export const GROUP_PAYOUTS_PATH = `/v1/groups/${PAYOUT_GROUP_ID}/payouts`;

/** Both payout methods, paid automatically; the worker is driven by hand (PAYOUT_INTERVAL_MS=0). */
export const BOTH_METHODS_ENV = {
  PAYOUT_MODE: 'roblox',
  PAYOUT_INTERVAL_MS: '0',
  PAYOUT_METHODS: 'gamepass,group',
  ROBLOX_PAYOUT_GROUP_ID: String(PAYOUT_GROUP_ID),
};

/** One group payout as the stand-in recorded it. */
export interface GroupPayout {
  transactionId: number;
  groupId: number;
  recipientId: number;
  amount: number;
}

/**
 * The payout group on the stand-in, made afresh with `funds` Robux and no members; `opts` give it
 * another id or name, and members with their payout status.
 */
export async function openPayoutGroup(
  control: StandinControl,
  funds: number,
  opts: { id?: number; name?: string; members?: Record<number, 'Eligible' | 'PayoutRestricted'> } = {},
): Promise<void> {
  const id = opts.id ?? PAYOUT_GROUP_ID;
  await control('POST', '/groups', { id, name: opts.name ?? 'Rewards Payouts', funds });
  for (const [robloxId, status] of Object.entries(opts.members ?? {})) {
    await control('PUT', `/groups/${id}/members/${robloxId}`, { status });
  }
}

export const setGroupMember = (
  control: StandinControl,
  robloxId: number,
  status: 'Eligible' | 'PayoutRestricted',
) => control('PUT', `/groups/${PAYOUT_GROUP_ID}/members/${robloxId}`, { status });

export const removeGroupMember = (control: StandinControl, robloxId: number) =>
  control('DELETE', `/groups/${PAYOUT_GROUP_ID}/members/${robloxId}`);

export async function groupFunds(control: StandinControl): Promise<number> {
  return (await control('GET', `/groups/${PAYOUT_GROUP_ID}`)).funds;
}

export async function groupPayoutsTo(control: StandinControl, robloxId: number): Promise<GroupPayout[]> {
  const all: GroupPayout[] = await control('GET', '/group-payouts');
  return all.filter((p) => p.recipientId === robloxId);
}

export interface PayoutPlayer extends SignedInPlayer {
  userId: number;
}

/** Players, withdrawals of both methods and what the database and the stand-in hold, for one test app. */
export function payoutHarness(get: () => TestApp) {
  const t = () => get();
  const h = {
    /** A fresh player, signed in, bio-verified and holding `robux`. */
    async player(robux = 0): Promise<PayoutPlayer> {
      const p = await signInPlayer(t(), `Pay_${randomUUID().slice(0, 8)}`);
      await verifyPlayer(t(), p, '');
      const player = { ...p, userId: await userIdOf(t().deps.db, p.robloxId) };
      if (robux > 0) await creditRobux(t().deps.db, t().clock, player.userId, robux);
      return player;
    },
    /** Credits `robux` to the player through the ledger (an admin grant). */
    give: (p: PayoutPlayer, robux: number) => creditRobux(t().deps.db, t().clock, p.userId, robux),
    balance: (p: PayoutPlayer) => balanceOf(t().deps.db, p.userId),
    withdraw: (p: PayoutPlayer, payload: object) => withdraw(t().app, p.token, payload),
    /** A group withdrawal the server accepts; returns its id. */
    async requestGroup(p: PayoutPlayer, robux: number): Promise<number> {
      const res = await h.withdraw(p, { method: 'group', amount: robux });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().withdrawal).toMatchObject({ method: 'group', gamepassId: null, robux });
      return res.json().withdrawal.id;
    },
    /** A gamepass of the player's priced for `robux`. */
    async pass(p: PayoutPlayer, robux: number, extra: object = {}) {
      return (await t().control('POST', '/gamepasses', {
        creatorId: p.robloxId,
        price: priceFor(robux),
        isForSale: true,
        ...extra,
      })) as { id: number; productId: number };
    },
    /** A gamepass withdrawal the server accepts; returns its id and pass. */
    async requestGamepass(p: PayoutPlayer, robux: number) {
      const pass = await h.pass(p, robux);
      const res = await h.withdraw(p, { method: 'gamepass', gamepassId: pass.id, amount: robux });
      expect(res.statusCode, res.body).toBe(200);
      return { id: res.json().withdrawal.id as number, pass };
    },
    /**
     * A withdrawal to a new gamepass asked for as the withdraw form sends it (no `method`: a gamepass),
     * which the server accepts; returns its id, pass and the answer's body.
     */
    async request(p: PayoutPlayer, robux: number) {
      const pass = await h.pass(p, robux);
      const res = await h.withdraw(p, { gamepassId: pass.id, amount: robux });
      expect(res.statusCode, res.body).toBe(200);
      return { id: res.json().withdrawal.id as number, pass, body: res.json() };
    },
    row: (id: number) =>
      t().deps.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    async rowsOf(p: PayoutPlayer) {
      return t().deps.db.selectFrom('withdrawals').selectAll().where('user_id', '=', p.userId).execute();
    },
    account: () =>
      t().deps.db.selectFrom('payout_account').selectAll().where('id', '=', 1).executeTakeFirstOrThrow(),
    async purchasesOf(passId: number): Promise<unknown[]> {
      const all: Array<{ gamePassId: number }> = await t().control('GET', '/purchases');
      return all.filter((p) => p.gamePassId === passId);
    },
    /** How many purchase requests of a gamepass's product the stand-in has had (retries included). */
    async purchaseRequests(productId: number): Promise<number> {
      const stats = await t().control('GET', '/stats');
      return stats[`/v1/purchases/products/${productId}`] ?? 0;
    },
    groupPayoutsTo: (p: PayoutPlayer) => groupPayoutsTo(t().control, p.robloxId),
    invariant: () => expectInvariant(t().deps.db),
  };
  return h;
}
