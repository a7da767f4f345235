// For the first-steps guide: whether a player claimed one of the offered socials.
export { claimedAnOfferedSocial } from './service.ts';
