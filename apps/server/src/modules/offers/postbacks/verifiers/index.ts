import type { PostbackScheme } from '@rewards/contracts';
import { cpxVerifier } from './cpx.ts';
import { hmacVerifier } from './hmac.ts';
import type { PostbackVerifier } from './types.ts';

/** One verifier per scheme; `none` accepts no postbacks. */
export const verifiers: Record<PostbackScheme, PostbackVerifier | null> = {
  cpx: cpxVerifier,
  hmac: hmacVerifier,
  none: null,
};
