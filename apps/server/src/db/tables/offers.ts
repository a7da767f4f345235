/** Tables of walls, postbacks, socials, referrals (migration 0003_offers). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OffersTables {}
