// For other modules: the human check that sign-in, the daily reward and promo codes ask for.
export { requireHuman } from './turnstile.ts';
