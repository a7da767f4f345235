import type { FormEvent } from 'react';
import {
  amountModes,
  postbackSchemes,
  wallKinds,
  type AmountMode,
  type PostbackScheme,
  type WallKind,
} from '@rewards/contracts';
import { Button } from '@/components/ui/Button';
import type { AdminWall, WallInput } from '../../api/offers';
import { Field, SelectField, useFormState } from '../shared';

const schemeLabels: Record<PostbackScheme, string> = {
  cpx: 'CPX Research (md5 hash)',
  hmac: 'Signed (HMAC-SHA256)',
  none: 'None (refuse postbacks)',
};

const amountLabels: Record<AmountMode, string> = {
  local: 'Provider sends R$ (amount_local)',
  usd_rate: 'USD × rate',
  reward: 'Provider reward field is R$',
};

interface FormState {
  slug: string;
  name: string;
  logoUrl: string;
  kind: WallKind;
  iframeTemplate: string;
  postbackScheme: PostbackScheme;
  amountMode: AmountMode;
  rate: string;
  active: boolean;
  sort: string;
  secret: string;
}

function initialState(wall: AdminWall | null): FormState {
  return {
    slug: wall?.slug ?? '',
    name: wall?.name ?? '',
    logoUrl: wall?.logoUrl ?? '',
    kind: wall?.kind ?? 'offerwall',
    iframeTemplate: wall?.iframeTemplate ?? '',
    postbackScheme: wall?.postbackScheme ?? 'hmac',
    amountMode: wall?.amountMode ?? 'usd_rate',
    rate: wall ? String(wall.rate) : '100',
    active: wall?.active ?? true,
    sort: wall ? String(wall.sort) : '',
    secret: '',
  };
}

/**
 * Add or edit a wall. The secret is write-only: the field starts empty, is never filled from the server,
 * and is sent only when the admin types a new one.
 */
export function WallForm({
  wall,
  busy,
  onSubmit,
  onCancel,
  onInvalid,
}: {
  wall: AdminWall | null;
  busy: boolean;
  onSubmit: (input: WallInput) => void;
  onCancel: () => void;
  onInvalid: (message: string) => void;
}) {
  const { form, set, bind } = useFormState(initialState(wall));
  const editing = wall !== null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const slug = form.slug.trim().toLowerCase();
    const rate = Number(form.rate);
    if (!editing && !/^[a-z0-9][a-z0-9_-]{0,39}$/.test(slug))
      return onInvalid('The slug has 1 to 40 lower-case letters, digits, - or _.');
    if (!form.name.trim()) return onInvalid('Enter the wall name.');
    const logoUrl = form.logoUrl.trim();
    if (logoUrl && !/^https:\/\/\S+$/i.test(logoUrl) && !/^\/(?![/\\])\S*$/.test(logoUrl))
      return onInvalid('The logo URL must be an https URL or a path starting with /.');
    if (!Number.isFinite(rate) || rate < 0) return onInvalid('The rate must be a number of at least 0.');
    const secret = form.secret.trim();
    if (secret && secret.length < 8) return onInvalid('The secret has at least 8 characters.');
    const sort = form.sort.trim() === '' ? undefined : Number(form.sort);
    if (sort !== undefined && !(Number.isInteger(sort) && sort >= 0))
      return onInvalid('The order must be a whole number of at least 0.');
    if (form.amountMode === 'usd_rate' && !(rate > 0))
      return onInvalid('With "USD × rate", the rate (R$ per USD) must be greater than 0.');
    const input: WallInput = {
      name: form.name.trim(),
      logoUrl,
      kind: form.kind,
      iframeTemplate: form.iframeTemplate.trim(),
      postbackScheme: form.postbackScheme,
      amountMode: form.amountMode,
      rate,
      active: form.active,
      ...(editing ? {} : { slug }),
      ...(sort !== undefined ? { sort } : {}),
      ...(secret ? { secret } : {}),
    };
    onSubmit(input);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? `Edit ${wall.name}` : 'Add a wall'}
      className="grid gap-4 md:grid-cols-2"
    >
      <Field
        label="Slug (postback URL)"
        {...bind('slug')}
        disabled={editing}
        placeholder="lootably"
        maxLength={40}
        spellCheck={false}
        hint={`Postbacks go to ${window.location.origin}/api/postback/${form.slug.trim().toLowerCase() || '<slug>'}`}
      />
      <Field label="Name" {...bind('name')} maxLength={80} />
      <Field label="Logo URL" type="url" {...bind('logoUrl')} placeholder="https://…/logo.png" />
      <SelectField label="Kind" value={form.kind} onChange={(e) => set('kind', e.target.value as WallKind)}>
        {wallKinds.map((k) => (
          <option key={k} value={k}>
            {k === 'offerwall' ? 'Offerwall' : 'Survey wall'}
          </option>
        ))}
      </SelectField>
      <Field
        label="Frame URL template"
        className="md:col-span-2"
        {...bind('iframeTemplate')}
        placeholder="https://provider.example/wall?app=123&user={userId}"
        spellCheck={false}
        hint="Placeholders: {userId} (numeric Roblox id); for CPX also {appId}, {secureHash}, {username}, {email}. Empty: the card reads Coming soon."
      />
      <SelectField
        label="Postback scheme"
        value={form.postbackScheme}
        onChange={(e) => set('postbackScheme', e.target.value as PostbackScheme)}
      >
        {postbackSchemes.map((s) => (
          <option key={s} value={s}>
            {schemeLabels[s]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Secret"
        type="password"
        autoComplete="new-password"
        {...bind('secret')}
        placeholder={
          editing ? (wall.hasSecret ? 'Set (hidden): type to replace' : 'Not set') : 'Postback secret'
        }
        hint={
          editing
            ? 'Write-only. Leave empty to keep the current secret.'
            : 'Write-only: it is never shown again.'
        }
      />
      <SelectField
        label="Amount"
        value={form.amountMode}
        onChange={(e) => set('amountMode', e.target.value as AmountMode)}
      >
        {amountModes.map((m) => (
          <option key={m} value={m}>
            {amountLabels[m]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Rate (R$ per USD)"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        {...bind('rate')}
        hint="Used with USD × rate."
      />
      <Field
        label="Order"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        {...bind('sort')}
        placeholder="Last"
        hint="Cards are shown in ascending order."
      />
      <label className="flex items-center gap-2.5 self-center text-sm font-medium text-slate-200">
        <input
          type="checkbox"
          checked={form.active}
          onChange={(e) => set('active', e.target.checked)}
          className="size-4 accent-emerald-400"
        />
        Active (shown on the earn page and accepting postbacks)
      </label>
      <div className="flex flex-wrap gap-2 md:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : editing ? 'Save wall' : 'Add wall'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
