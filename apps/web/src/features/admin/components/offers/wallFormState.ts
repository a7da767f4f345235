import type { AmountMode, PostbackScheme, WallKind } from '@rewards/contracts';
import type { AdminWall, WallInput } from '../../api/offers';
import { formatAmount, formatCount } from '@/lib/format';
import { m } from '@/paraglide/messages.js';
import { frameParamNamesOf } from './schemes';

/** The wall form's values, as typed (numbers stay text until the form is checked). */
export interface WallFormState {
  slug: string;
  name: string;
  logoUrl: string;
  kind: WallKind;
  iframeTemplate: string;
  frameParams: Record<string, string>;
  postbackScheme: PostbackScheme;
  amountMode: AmountMode;
  rate: string;
  maxCredit: string;
  allowedIps: string;
  /** Accept postbacks from any address while the allow-list is empty. */
  anyAddress: boolean;
  successBody: string;
  active: boolean;
  sort: string;
  secret: string;
}

export function initialWallForm(wall: AdminWall | null): WallFormState {
  return {
    slug: wall?.slug ?? '',
    name: wall?.name ?? '',
    logoUrl: wall?.logoUrl ?? '',
    kind: wall?.kind ?? 'offerwall',
    iframeTemplate: wall?.iframeTemplate ?? '',
    frameParams: { ...wall?.frameParams },
    postbackScheme: wall?.postbackScheme ?? 'hmac',
    amountMode: wall?.amountMode ?? 'usd_rate',
    rate: wall ? String(wall.rate) : '100',
    maxCredit: wall ? String(wall.maxCredit) : '1000',
    allowedIps: wall?.allowedIps.join('\n') ?? '',
    anyAddress: wall?.anyAddress ?? false,
    successBody: wall?.successBody ?? '',
    active: wall?.active ?? true,
    sort: wall ? String(wall.sort) : '',
    secret: '',
  };
}

/** The entries of the allow-list text: one per line (commas and spaces also separate them). */
export function addressLines(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A rough shape check of an address or CIDR range; the server checks each entry exactly. */
const ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?|[0-9a-f.]*:[0-9a-f:.]*(?:\/\d{1,3})?)$/i;

/** What the form refused: the field (its error shows under it) and what to fix. */
export interface WallFormError {
  field: keyof WallFormState;
  message: string;
}

/**
 * The form checked and turned into the request: `{ input }`, or `{ error }` with what to fix.
 * A new wall sends neither an empty template nor an empty allow-list, so the server fills in the
 * provider's own frame and published addresses; an edited one sends what the admin sees.
 */
export function toWallInput(
  form: WallFormState,
  wall: AdminWall | null,
): { input: WallInput; error?: never } | { error: WallFormError; input?: never } {
  const refuse = (field: keyof WallFormState, message: string) => ({ error: { field, message } });
  const editing = wall !== null;
  const slug = form.slug.trim().toLowerCase();
  if (!editing && !/^[a-z0-9][a-z0-9-]{0,39}$/.test(slug))
    return refuse('slug', m.admin_setup_wall_error_slug());
  if (!form.name.trim()) return refuse('name', m.admin_setup_wall_error_name());
  const logoUrl = form.logoUrl.trim();
  if (logoUrl && !/^https:\/\/\S+$/i.test(logoUrl) && !/^\/(?![/\\])\S*$/.test(logoUrl))
    return refuse('logoUrl', m.admin_setup_wall_error_logo());
  const rate = Number(form.rate);
  if (form.rate.trim() === '' || !Number.isFinite(rate) || rate < 0)
    return refuse('rate', m.admin_setup_wall_error_rate());
  if (form.amountMode === 'usd_rate' && !(rate > 0))
    return refuse('rate', m.admin_setup_wall_error_usd_rate());
  const maxCredit = Number(form.maxCredit);
  if (form.maxCredit.trim() === '' || !(maxCredit >= 0.01 && maxCredit <= 1_000_000))
    return refuse(
      'maxCredit',
      m.admin_setup_wall_error_max_credit({ min: formatAmount(0.01), max: formatCount(1_000_000) }),
    );
  const secret = form.secret.trim();
  if (secret && secret.length < 8) return refuse('secret', m.admin_setup_wall_error_secret());
  const sort = form.sort.trim() === '' ? undefined : Number(form.sort);
  if (sort !== undefined && !(Number.isInteger(sort) && sort >= 0))
    return refuse('sort', m.admin_setup_wall_error_order());
  const allowedIps = addressLines(form.allowedIps);
  const badAddress = allowedIps.find((a) => a.length > 64 || !ADDRESS.test(a));
  if (badAddress) return refuse('allowedIps', m.admin_setup_wall_error_address({ address: badAddress }));
  if (allowedIps.length > 100) return refuse('allowedIps', m.admin_setup_wall_error_addresses_count());
  const successBody = form.successBody.trim();
  if (successBody.length > 20) return refuse('successBody', m.admin_setup_wall_error_success_body());

  const iframeTemplate = form.iframeTemplate.trim();
  const names = frameParamNamesOf(iframeTemplate);
  const frameParams = {
    ...wall?.frameParams,
    ...Object.fromEntries(names.map((n) => [n, (form.frameParams[n] ?? '').trim()])),
  };
  const input: WallInput = {
    name: form.name.trim(),
    logoUrl,
    kind: form.kind,
    postbackScheme: form.postbackScheme,
    amountMode: form.amountMode,
    rate,
    maxCredit,
    successBody,
    anyAddress: form.anyAddress,
    active: form.active,
    ...(editing || iframeTemplate ? { iframeTemplate, frameParams } : {}),
    ...(editing || allowedIps.length > 0 ? { allowedIps } : {}),
    ...(editing ? {} : { slug }),
    ...(sort !== undefined ? { sort } : {}),
    ...(secret ? { secret } : {}),
  };
  return { input };
}
