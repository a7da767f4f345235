import { gamepassPriceFor, groupLink, ROBLOX_FEE_PERCENT, type WithdrawalMethod } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { PayoutAccountBlocked } from '../../roblox/gateway.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  robloxUnavailable,
} from '../../shared/errors.ts';
import type { NotifyLog } from '../../shared/discord.ts';
import type { Player } from '../auth/index.ts';
import { regionalPricingReason } from './pay-gamepass.ts';
import { payoutCookie, stopPayouts } from './payout-account/status.ts';
import { gamepassFrom, type WithdrawInput } from './withdraw-input.ts';

// Where a requested withdrawal will be paid, checked before any debit: the player's own gamepass at the
// right price (and no regional pricing), or a group payout to a member Roblox lets the group pay.

export const PASS_IN_USE_MESSAGE =
  'This gamepass was already used for a withdrawal. Create a new gamepass for each withdrawal.';
export const GROUP_IN_FLIGHT_MESSAGE =
  'You already have a group payout on its way. Wait until it is paid, then withdraw again.';

/** The refusal of a gamepass already used, or of a second group payout while one is on its way. */
export const passInUse = () => conflict(PASS_IN_USE_MESSAGE, { reason: 'GAMEPASS_USED' });
export const groupPayoutInFlight = () =>
  conflict(GROUP_IN_FLIGHT_MESSAGE, { reason: 'GROUP_PAYOUT_IN_FLIGHT' });

export interface PayoutTarget {
  method: WithdrawalMethod;
  gamepassId: number | null;
  productId: number | null;
  /** What the payout side pays. */
  price: number;
  /** The Roblox account that receives the Robux. */
  sellerId: number;
}

const notInGroup = (groupId: number) =>
  new AppError(
    403,
    'GROUP_PAYOUT_NOT_ELIGIBLE',
    `Join our Roblox group first (${groupLink(groupId)}): Roblox only pays group members. New members can receive group payouts after about two weeks in the group.`,
  );
const restricted = () =>
  new AppError(
    403,
    'GROUP_PAYOUT_NOT_ELIGIBLE',
    'You joined our Roblox group recently: Roblox lets new members receive group payouts only after about two weeks in the group. Try again later, or withdraw to a gamepass.',
  );

export function chosenMethod(deps: Deps, requested: WithdrawalMethod | undefined): WithdrawalMethod {
  const offered = deps.env.PAYOUT_METHODS;
  const method = requested ?? offered[0]!;
  if (!offered.includes(method)) {
    throw badRequest(
      method === 'group'
        ? 'Group payouts are not offered: withdraw to a gamepass.'
        : 'Withdraw with a group payout: gamepass withdrawals are not offered.',
    );
  }
  return method;
}

export async function payoutTarget(
  deps: Deps,
  player: Player,
  input: WithdrawInput,
  robux: number,
  log?: NotifyLog,
): Promise<PayoutTarget> {
  const method = chosenMethod(deps, input.method ?? undefined);
  return method === 'group'
    ? groupTarget(deps, player, robux, log)
    : gamepassTarget(deps, player, input, robux, log);
}

async function groupTarget(
  deps: Deps,
  player: Player,
  robux: number,
  log?: NotifyLog,
): Promise<PayoutTarget> {
  const groupId = deps.env.ROBLOX_PAYOUT_GROUP_ID!;
  const eligibility = await asPayoutAccount(deps, log, await payoutCookie(deps), (cookie) =>
    deps.roblox.groupPayoutEligibility(groupId, player.robloxId, cookie),
  );
  if (eligibility === 'NotInGroup') throw notInGroup(groupId);
  if (eligibility === 'PayoutRestricted') throw restricted();
  if (eligibility !== 'Eligible') throw robloxUnavailable();
  return { method: 'group', gamepassId: null, productId: null, price: robux, sellerId: player.robloxId };
}

async function gamepassTarget(
  deps: Deps,
  player: Player,
  input: WithdrawInput,
  robux: number,
  log?: NotifyLog,
): Promise<PayoutTarget> {
  const gamepassId = gamepassFrom(input);
  const price = gamepassPriceFor(robux);
  const pass = await deps.roblox.getGamePass(gamepassId);
  if (!pass) throw notFound('Gamepass not found.', { reason: 'GAMEPASS_NOT_FOUND' });
  if (pass.creatorId !== player.robloxId) {
    throw forbidden(
      'This gamepass does not belong to your Roblox account. Create a gamepass with your own account and use its link.',
      { reason: 'GAMEPASS_NOT_YOURS' },
    );
  }
  if (!pass.isForSale || pass.price === null) {
    throw badRequest(`This gamepass is not for sale. Put it on sale for ${price} Robux, then try again.`, {
      reason: 'GAMEPASS_NOT_FOR_SALE',
      price,
    });
  }
  if (pass.price !== price) {
    throw badRequest(
      `Set your gamepass price to ${price} Robux (it is ${pass.price} now): Roblox keeps ${ROBLOX_FEE_PERCENT}%, so you receive ${robux} Robux.`,
      { reason: 'GAMEPASS_WRONG_PRICE', price, currentPrice: pass.price },
    );
  }
  const cookie = await payoutCookie(deps);
  if (cookie) {
    const offered = await asPayoutAccount(deps, log, cookie, (c) =>
      deps.roblox.offeredGamePassPrice(pass.id, c),
    );
    if (offered !== null && offered !== price) {
      throw new AppError(400, 'REGIONAL_PRICING', regionalPricingReason(offered, price));
    }
  }
  if (
    deps.env.PAYOUT_MODE === 'roblox' &&
    (await deps.roblox.ownsGamePass(deps.env.ROBLOX_PAYOUT_USER_ID, pass.id))
  ) {
    throw passInUse();
  }
  return {
    method: 'gamepass',
    gamepassId: pass.id,
    productId: pass.productId,
    price,
    sellerId: pass.creatorId,
  };
}

/**
 * A read as the payout account for a player's request. When Roblox stops the account, payouts stop
 * (the operator is told) and the player is told to try later: their request is not at fault.
 */
async function asPayoutAccount<T>(
  deps: Deps,
  log: NotifyLog | undefined,
  cookie: string | undefined,
  read: (cookie: string | undefined) => Promise<T>,
): Promise<T> {
  try {
    return await read(cookie);
  } catch (err) {
    if (!(err instanceof PayoutAccountBlocked)) throw err;
    await stopPayouts(deps, err.block.detail, {
      info() {},
      warn: (o, m) => log?.warn(o, m),
      error: (o, m) => log?.warn(o, m),
    });
    throw new AppError(
      503,
      'ROBLOX_UNAVAILABLE',
      'Payouts are paused for maintenance. Please try again later.',
    );
  }
}
