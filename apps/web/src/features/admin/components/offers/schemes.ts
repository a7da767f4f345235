import type { AmountMode, PostbackScheme } from '@rewards/contracts';
import { m } from '@/paraglide/messages.js';

/** How each postback scheme is named in the console: the provider, and how its postbacks are checked. */
const schemeLabels: Record<PostbackScheme, () => string> = {
  lootably: m.admin_setup_scheme_lootably,
  adgem: m.admin_setup_scheme_adgem,
  torox: m.admin_setup_scheme_torox,
  adgate: m.admin_setup_scheme_adgate,
  notik: m.admin_setup_scheme_notik,
  cpx: m.admin_setup_scheme_cpx,
  bitlabs: m.admin_setup_scheme_bitlabs,
  ayet: m.admin_setup_scheme_ayet,
  hmac: m.admin_setup_scheme_hmac,
  none: m.admin_setup_scheme_none,
};

export function schemeLabel(scheme: PostbackScheme): string {
  return schemeLabels[scheme]();
}

/** The provider's name alone, for compact places (the wall list). */
export function schemeName(scheme: PostbackScheme): string {
  return schemeLabel(scheme).replace(/ \(.*\)$/, '');
}

const amountLabels: Record<AmountMode, () => string> = {
  local: m.admin_setup_amount_local,
  usd_rate: m.admin_setup_amount_usd_rate,
  reward: m.admin_setup_amount_reward,
};

export function amountLabel(mode: AmountMode): string {
  return amountLabels[mode]();
}

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
