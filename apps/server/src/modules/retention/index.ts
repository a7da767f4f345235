// For the wiring: the periodic removal of personal data past retention; for tests, one run of it.
export { runRetention, SESSION_GRACE_DAYS, SPENT_SIGN_IN_DAYS, type RetentionReport } from './service.ts';

/** How often each process removes what is past retention (the deletes are idempotent). */
export const RETENTION_SWEEP_MS = 60 * 60_000;
