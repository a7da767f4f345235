import { m } from '@/paraglide/messages.js';

/**
 * What the server stores about a player, why and for how long: the privacy policy's list. The
 * periods are the server's retention task's (apps/server/src/modules/retention) and its settings'
 * defaults (SESSION_TTL_DAYS, SIGN_IN_SIGNAL_DAYS, POSTBACK_LOG_DAYS); change both together.
 */
export interface StoredData {
  what: string;
  details: string;
  why: string;
  kept: string;
}

/** The list in the language of the moment. */
export const storedData = (): StoredData[] => [
  {
    what: m.legal_data_account(),
    details: m.legal_data_account_details(),
    why: m.legal_data_account_why(),
    kept: m.legal_data_account_kept(),
  },
  {
    what: m.legal_data_history(),
    details: m.legal_data_history_details(),
    why: m.legal_data_history_why(),
    kept: m.legal_data_history_kept(),
  },
  {
    what: m.legal_data_entries(),
    details: m.legal_data_entries_details(),
    why: m.legal_data_entries_why(),
    kept: m.legal_data_entries_kept(),
  },
  {
    what: m.legal_data_sessions(),
    details: m.legal_data_sessions_details(),
    why: m.legal_data_sessions_why(),
    kept: m.legal_data_sessions_kept(),
  },
  {
    what: m.legal_data_signals(),
    details: m.legal_data_signals_details(),
    why: m.legal_data_signals_why(),
    kept: m.legal_data_signals_kept(),
  },
  {
    what: m.legal_data_postbacks(),
    details: m.legal_data_postbacks_details(),
    why: m.legal_data_postbacks_why(),
    kept: m.legal_data_postbacks_kept(),
  },
  {
    what: m.legal_data_verification(),
    details: m.legal_data_verification_details(),
    why: m.legal_data_verification_why(),
    kept: m.legal_data_verification_kept(),
  },
  {
    what: m.legal_data_audit(),
    details: m.legal_data_audit_details(),
    why: m.legal_data_audit_why(),
    kept: m.legal_data_audit_kept(),
  },
  {
    what: m.legal_data_logs(),
    details: m.legal_data_logs_details(),
    why: m.legal_data_logs_why(),
    kept: m.legal_data_logs_kept(),
  },
];
