// For other modules and the wiring: promo codes and giveaways as the admin console manages them, and
// the scheduler that picks giveaway winners on the server.
export { createPromoCode, listPromoCodes, setPromoCodeActive } from './promocodes/service.ts';
export {
  createGiveaway,
  endGiveawayNow,
  listGiveawayEntries,
  listGiveaways,
  pickWinner,
} from './giveaways/service.ts';
export { registerGiveawayScheduler } from './giveaways/scheduler.ts';
// For the first-steps guide: whether a player ever claimed a daily reward.
export { hasClaimedDaily } from './streak/repository.ts';
