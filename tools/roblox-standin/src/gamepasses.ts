import type { FastifyInstance } from 'fastify';
import { admitWrite, isPayoutAccount } from './auth.ts';
import { CREATED, robloxErrors, toId, type StandinGamePass, type StandinState } from './state.ts';

interface PurchaseBody {
  expectedCurrency?: number;
  expectedPrice?: number;
  expectedSellerId?: number;
}

/** The price offered to the payout account: its regional price where the pass has one. */
const offeredPrice = (pass: StandinGamePass) => pass.regionalPrice ?? pass.price;

/**
 * apis.roblox.com (game pass product info), inventory.roblox.com (is-owned) and economy.roblox.com
 * (buying a game pass with the payout account's Robux).
 */
export function registerGamePassRoutes(app: FastifyInstance, state: StandinState): void {
  app.get<{ Params: { id: string } }>('/game-passes/v1/game-passes/:id/product-info', async (req, reply) => {
    const id = toId(req.params.id);
    const pass = id === null ? undefined : state.gamePasses.get(id);
    if (!pass) return reply.code(404).send(robloxErrors(1, 'The game pass does not exist.'));
    // Roblox prices for the viewer: signed in as the payout account, the regional price.
    const priceInRobux = isPayoutAccount(state, req) ? offeredPrice(pass) : pass.price;
    return {
      TargetId: pass.id,
      ProductType: 'Game Pass',
      AssetId: 0,
      ProductId: pass.productId,
      Name: pass.name,
      Description: '',
      AssetTypeId: 0,
      Creator: {
        Id: pass.creatorId,
        Name: state.users.get(pass.creatorId)?.name ?? '',
        CreatorType: 'User',
        CreatorTargetId: pass.creatorId,
        HasVerifiedBadge: false,
      },
      IconImageAssetId: 0,
      Created: CREATED,
      Updated: CREATED,
      PriceInRobux: priceInRobux,
      PremiumPriceInRobux: null,
      Remaining: null,
      IsNew: false,
      IsForSale: pass.isForSale,
      IsPublicDomain: false,
      IsLimited: false,
      IsLimitedUnique: false,
      Sales: 0,
      MinimumMembershipLevel: 0,
    };
  });

  app.get<{ Params: { userId: string; gamePassId: string } }>(
    '/v1/users/:userId/items/GamePass/:gamePassId/is-owned',
    async (req, reply) => {
      const userId = toId(req.params.userId);
      const gamePassId = toId(req.params.gamePassId);
      if (userId === null || gamePassId === null) {
        return reply.code(400).send(robloxErrors(1, 'The specified user does not exist.'));
      }
      // A bare JSON boolean, as Roblox answers.
      return reply.type('application/json').send(JSON.stringify(state.owned.has(`${userId}:${gamePassId}`)));
    },
  );

  app.post<{ Params: { productId: string }; Body: PurchaseBody }>(
    '/v1/purchases/products/:productId',
    async (req, reply) => {
      if (!admitWrite(state, req, reply)) return reply;
      const productId = toId(req.params.productId);
      const pass = [...state.gamePasses.values()].find((p) => p.productId === productId);
      if (!pass) return reply.code(400).send(robloxErrors(1, 'The product does not exist.'));
      return purchase(state, pass, req.body ?? {});
    },
  );
}

function purchase(state: StandinState, pass: StandinGamePass, body: PurchaseBody) {
  const payout = state.payout;
  const sellerName = state.users.get(pass.creatorId)?.name ?? '';
  const price = offeredPrice(pass) ?? 0;
  const base = {
    productId: pass.productId,
    statusCode: 500,
    shortfallPrice: 0,
    balanceAfterSale: payout.robux,
    expectedSellerName: sellerName,
    expectedCurrency: 1,
    expectedPrice: body.expectedPrice ?? 0,
    price,
    assetId: pass.id,
    assetName: pass.name,
    assetType: 'Game Pass',
    assetTypeDisplayName: 'Game Pass',
    assetIsWearable: false,
    sellerName,
    transactionVerb: 'bought',
    isMultiPrivateSale: false,
  };
  const refuse = (reason: string, title: string, errorMsg: string, extra: object = {}) => ({
    purchased: false,
    reason,
    ...base,
    title,
    errorMsg,
    showDivId: 'TransactionFailureView',
    ...extra,
  });

  const ownedKey = `${payout.userId}:${pass.id}`;
  if (state.owned.has(ownedKey)) {
    return refuse('AlreadyOwned', 'Item Owned', 'You already own this item.');
  }
  if (!pass.isForSale || pass.price === null) {
    return refuse('NotForSale', 'Item Not For Sale', 'This item is not for sale.');
  }
  if (body.expectedPrice !== price) {
    return refuse(
      'PriceChanged',
      'Item Price Has Changed',
      `While you were shopping, the price of this item changed from R$ ${body.expectedPrice} to R$ ${price}.`,
      { showDivId: 'PriceChangedView' },
    );
  }
  if (body.expectedSellerId !== pass.creatorId) {
    return refuse('SellerChanged', 'Seller Has Changed', 'The seller of this item has changed.');
  }
  if (payout.robux < price) {
    return refuse('InsufficientFunds', 'Insufficient Funds', 'You need more Robux to buy this item.', {
      shortfallPrice: price - payout.robux,
      showDivId: 'InsufficientFundsView',
    });
  }

  payout.robux -= price;
  state.owned.add(ownedKey);
  state.purchases.push({
    productId: pass.productId,
    gamePassId: pass.id,
    price,
    sellerId: pass.creatorId,
    buyerId: payout.userId,
    at: new Date().toISOString(),
  });
  return {
    purchased: true,
    reason: 'Success',
    ...base,
    title: 'Purchase Complete',
    errorMsg: '',
    showDivId: 'CompletePurchase',
    balanceAfterSale: payout.robux,
  };
}
