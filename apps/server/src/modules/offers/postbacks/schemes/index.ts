import type { PostbackScheme as SchemeName } from '@rewards/contracts';
import { adgate } from './adgate.ts';
import { adgem } from './adgem.ts';
import { ayet, AYET_HASH_HEADER } from './ayet.ts';
import { bitlabs } from './bitlabs.ts';
import { cpx } from './cpx.ts';
import { hmac, HMAC_SIGNATURE_HEADER } from './hmac.ts';
import { lootably } from './lootably.ts';
import { notik } from './notik.ts';
import { torox } from './torox.ts';
import type { PostbackScheme } from './types.ts';

export type { PostbackInput, PostbackScheme, TestPostback, VerifiedPostback } from './types.ts';

/** One scheme per provider, and the generic one; `none` accepts no postbacks. */
export const schemes: Record<SchemeName, PostbackScheme | null> = {
  lootably,
  adgem,
  torox,
  adgate,
  notik,
  cpx,
  bitlabs,
  ayet,
  hmac,
  none: null,
};

/** The signature headers any scheme reads (lower case): kept with a stored postback for replays. */
export const SIGNATURE_HEADERS = [HMAC_SIGNATURE_HEADER, AYET_HASH_HEADER] as const;
