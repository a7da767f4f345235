import type { PostbackVerdict } from '@rewards/contracts';

/** A provider's postback in our terms, once its signature and parameters were checked. */
export interface VerifiedPostback {
  action: 'credit' | 'reversal';
  transId: string;
  robloxId: number;
  /** The amounts the provider sent, in R$ or USD as named; the wall's amount mode picks one. */
  amounts: { local?: number; usd?: number; reward?: number; amount?: number };
}

export type Verification =
  | { ok: true; postback: VerifiedPostback }
  | { ok: false; verdict: Extract<PostbackVerdict, 'bad_signature' | 'invalid'>; message: string };

/** One postback scheme: checks the signature with the wall's secret, then reads the parameters. */
export interface PostbackVerifier {
  verify(params: Record<string, string>, secret: string, signatureHeader: string | null): Verification;
}
