import type { AmountMode, PostbackScheme } from '@rewards/contracts';

/** How each postback scheme is named in the console: the provider, and how its postbacks are checked. */
export const schemeLabels: Record<PostbackScheme, string> = {
  lootably: 'Lootably (SHA-256 hash)',
  adgem: 'AdGem (HMAC-SHA256 verifier)',
  torox: 'Torox (md5 signature)',
  adgate: 'AdGate Media (secret in the URL)',
  notik: 'Notik (HMAC-SHA1 hash)',
  cpx: 'CPX Research (md5 hash)',
  bitlabs: 'BitLabs (HMAC-SHA1 hash)',
  ayet: 'ayeT Studios (HMAC-SHA256 header)',
  hmac: 'Generic (HMAC-SHA256)',
  none: 'None (refuse postbacks)',
};

/** The provider's name alone, for compact places (the wall list). */
export function schemeName(scheme: PostbackScheme): string {
  return schemeLabels[scheme].replace(/ \(.*\)$/, '');
}

export const amountLabels: Record<AmountMode, string> = {
  local: 'Provider sends R$',
  usd_rate: 'USD × rate',
  reward: 'Provider reward field is R$',
};

/** Placeholders of a frame template that the site fills itself (the player's id, name, CPX's hash). */
const PLAYER_PLACEHOLDERS = new Set(['userId', 'username', 'secureHash', 'email']);

/** The placeholders of a frame template that take their value from the wall's frame params. */
export function frameParamNamesOf(template: string): string[] {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return [...new Set(names.filter((n) => !PLAYER_PLACEHOLDERS.has(n)))];
}

/** `placementId` → "Placement ID", `appToken` → "App token". */
export function frameParamLabel(name: string): string {
  const words = name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ')
    .filter(Boolean)
    .map((w) => (w === 'id' ? 'ID' : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
