import type { PostbackVerdict } from '@rewards/contracts';

/** A postback as it arrived, for a scheme to verify. */
export interface PostbackInput {
  /** Query string and body parameters, merged, each a single string. */
  params: Record<string, string>;
  /**
   * The URL the provider called: the site's public origin, then the path and query exactly as they
   * arrived (never decoded and re-encoded), for the schemes that sign the URL itself.
   */
  url: string;
  /** Signature headers a scheme may read, by lower-case name. */
  headers: Record<string, string | undefined>;
}

/** A provider's postback in our terms, once its signature and parameters were checked. */
export interface VerifiedPostback {
  /** `ignore`: an event the provider says must not credit (answered as a success, nothing moves). */
  action: 'credit' | 'reversal' | 'ignore';
  /** The provider's transaction; for a reversal, the transaction it takes back. */
  transId: string;
  robloxId: number;
  /**
   * The amounts the provider sent, in R$ or USD as named, signed as sent (the service refuses a
   * credit with a negative one); the wall's amount mode picks one.
   */
  amounts: { local?: number; usd?: number; reward?: number; amount?: number };
  /** Why an event is ignored, for the postback log. */
  note?: string;
}

export type Verification =
  | { ok: true; postback: VerifiedPostback }
  | { ok: false; verdict: Extract<PostbackVerdict, 'bad_signature' | 'invalid'>; message: string };

/** What a test postback carries (the admin console's "Send a test postback"). */
export interface TestPostback {
  robloxId: number;
  transId: string;
  /** R$ */
  robux: number;
  usd: number;
  ip: string;
}

/**
 * One provider's postback: its parameters, its signature exactly as the provider computes it, how
 * it signals a reversal and events that must not credit, what it must be answered, and how the
 * operator sets it up (docs/providers.md).
 */
export interface PostbackScheme {
  /** Shown in the admin console. */
  label: string;
  /**
   * The parameters of the postback URL the operator pastes, in order, each with the provider's macro
   * for it. Parameters the provider appends by itself (signatures, request ids) are not listed.
   */
  macros: ReadonlyArray<readonly [param: string, macro: string]>;
  /**
   * The signature covers the URL (AdGem, Notik, BitLabs, ayeT): parameters are read from the signed
   * query only, and a request with a body is refused (a body would carry values nothing signed).
   */
  signsUrl?: boolean;
  /** The parameter naming the provider's transaction (stored with refusals too, for the log). */
  transIdParam: string;
  /** A parameter whose value is the wall's secret itself (AdGate, which signs nothing). */
  secretParam?: string;
  /**
   * The parameter carrying the provider's USD payout, when the provider sends one: a credit without
   * it (absent or empty) cannot be checked against the wall's rate, so it waits for an admin.
   */
  usdParam?: string;
  /** The answer body the provider expects for a postback it need not send again. */
  successBody: string;
  /** Addresses the provider publishes for its postbacks: a new wall's allow-list. */
  publishedAddresses: readonly string[];
  /** The provider's frame, with `{userId}` and the placeholders `frameParams` fills. */
  frameTemplate: string;
  /**
   * True when the signature covers the transaction id alone with the function the survey frame's
   * `secure_hash` uses (CPX): a transaction id equal to an account's Roblox id was signed by the site.
   */
  transIdSignedForPlayers?: boolean;
  verify(input: PostbackInput, secret: string): Verification;
  /** The parameter values of a test postback, by parameter name (as `macros` lists them). */
  testValues(t: TestPostback): Record<string, string>;
  /** Signs the unsigned URL of a test postback as the provider would: the URL to call and its headers. */
  sign(unsignedUrl: string, secret: string): { url: string; headers: Record<string, string> };
}
