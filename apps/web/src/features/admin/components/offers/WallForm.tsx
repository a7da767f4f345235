import type { FormEvent } from 'react';
import { amountModes, postbackSchemes, wallKinds } from '@rewards/contracts';
import { Button } from '@/components/ui/Button';
import { ChoiceField, TextField } from '@/components/ui/FormField';
import { cn } from '@/lib/cn';
import { useFieldError, useFormState } from '@/lib/form-state';
import { m } from '@/paraglide/messages.js';
import type { AdminWall, WallInput } from '../../api/offers';
import { AllowedAddressesField } from './AllowedAddressesField';
import { FrameParamFields } from './FrameParamFields';
import { amountLabel, frameParamNamesOf, schemeLabel } from './schemes';
import { initialWallForm, toWallInput, type WallFormState } from './wallFormState';

/**
 * Add or edit a wall. The secret is write-only: the field starts empty, is never filled from the server,
 * and is sent only when the admin types a new one. A refused value shows under its field and, through
 * `onInvalid`, in the section's error box.
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
  const { form, set, bind } = useFormState(initialWallForm(wall));
  const { errorOf, refuse, clear } = useFieldError<keyof WallFormState>();
  const editing = wall !== null;
  const paramNames = frameParamNamesOf(form.iframeTemplate);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = toWallInput(form, wall);
    if (checked.error !== undefined) {
      refuse(checked.error.field, checked.error.message);
      onInvalid(checked.error.message);
    } else {
      clear();
      onSubmit(checked.input);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? m.admin_setup_edit_named({ name: wall.name }) : m.admin_setup_add_a_wall()}
      className="grid gap-4 md:grid-cols-2"
    >
      <TextField
        compact
        label={m.admin_setup_wall_slug()}
        {...bind('slug')}
        error={errorOf('slug')}
        disabled={editing}
        placeholder="lootably"
        maxLength={40}
        spellCheck={false}
        hint={
          <span className="wrap-anywhere">
            {m.admin_setup_wall_slug_hint({
              url: `${window.location.origin}/api/postback/${form.slug.trim().toLowerCase() || '<slug>'}`,
            })}
          </span>
        }
      />
      <TextField
        compact
        label={m.admin_setup_wall_name()}
        {...bind('name')}
        error={errorOf('name')}
        maxLength={80}
      />
      <TextField
        compact
        label={m.admin_setup_wall_logo_url()}
        type="url"
        {...bind('logoUrl')}
        error={errorOf('logoUrl')}
        placeholder="https://…/logo.png"
      />
      <ChoiceField
        compact
        label={m.admin_setup_wall_kind()}
        value={form.kind}
        onChoose={(kind) => set('kind', kind)}
        options={wallKinds}
        labelOf={(kind) =>
          kind === 'offerwall' ? m.admin_setup_kind_offerwall() : m.admin_setup_kind_survey_wall()
        }
      />
      <TextField
        compact
        label={m.admin_setup_wall_frame_template()}
        className="md:col-span-2"
        {...bind('iframeTemplate')}
        placeholder="https://provider.example/wall?app={appId}&user={userId}"
        spellCheck={false}
        hint={editing ? m.admin_setup_wall_frame_hint_edit() : m.admin_setup_wall_frame_hint_new()}
      />
      <FrameParamFields
        names={paramNames}
        values={form.frameParams}
        onChange={(name, value) => set('frameParams', { ...form.frameParams, [name]: value })}
      />
      <ChoiceField
        compact
        label={m.admin_setup_wall_scheme()}
        value={form.postbackScheme}
        onChoose={(scheme) => set('postbackScheme', scheme)}
        options={postbackSchemes}
        labelOf={schemeLabel}
      />
      <TextField
        compact
        label={m.admin_setup_wall_secret()}
        type="password"
        autoComplete="new-password"
        {...bind('secret')}
        error={errorOf('secret')}
        placeholder={
          editing
            ? wall.hasSecret
              ? m.admin_setup_wall_secret_set()
              : m.admin_setup_wall_secret_not_set()
            : m.admin_setup_wall_secret_placeholder()
        }
        hint={editing ? m.admin_setup_wall_secret_hint_edit() : m.admin_setup_wall_secret_hint_new()}
      />
      <ChoiceField
        compact
        label={m.admin_setup_column_amount()}
        value={form.amountMode}
        onChoose={(mode) => set('amountMode', mode)}
        options={amountModes}
        labelOf={amountLabel}
      />
      <TextField
        compact
        label={m.admin_setup_wall_rate()}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        {...bind('rate')}
        error={errorOf('rate')}
        hint={m.admin_setup_wall_rate_hint()}
      />
      <TextField
        compact
        label={m.admin_setup_wall_max_credit()}
        type="number"
        inputMode="decimal"
        min={0.01}
        max={1_000_000}
        step={0.01}
        {...bind('maxCredit')}
        error={errorOf('maxCredit')}
        hint={m.admin_setup_wall_max_credit_hint()}
      />
      <TextField
        compact
        label={m.admin_setup_wall_success_body()}
        {...bind('successBody')}
        error={errorOf('successBody')}
        maxLength={20}
        spellCheck={false}
        placeholder={m.admin_setup_wall_success_body_placeholder()}
        hint={m.admin_setup_wall_success_body_hint()}
      />
      <AllowedAddressesField
        className="md:col-span-2"
        value={form.allowedIps}
        onChange={(value) => set('allowedIps', value)}
        scheme={form.postbackScheme}
        creating={!editing}
        anyAddress={form.anyAddress}
        error={errorOf('allowedIps')}
      />
      <FormCheckbox
        className="md:col-span-2"
        checked={form.anyAddress}
        onChange={(checked) => set('anyAddress', checked)}
        label={m.admin_setup_wall_any_address()}
      />
      <TextField
        compact
        label={m.admin_setup_wall_order()}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        {...bind('sort')}
        error={errorOf('sort')}
        placeholder={m.admin_setup_wall_order_placeholder()}
        hint={m.admin_setup_wall_order_hint()}
      />
      <FormCheckbox
        className="self-center"
        checked={form.active}
        onChange={(checked) => set('active', checked)}
        label={m.admin_setup_wall_active()}
      />
      <div className="flex flex-wrap gap-2 md:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? m.admin_setup_saving() : editing ? m.admin_setup_save_wall() : m.admin_setup_add_wall()}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {m.admin_setup_cancel()}
        </Button>
      </div>
    </form>
  );
}

/** A yes/no setting of the wall, its label beside the box. */
function FormCheckbox({
  checked,
  onChange,
  label,
  className,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  className?: string;
}) {
  return (
    <label className={cn('flex items-start gap-2.5 text-sm font-medium text-slate-200', className)}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-emerald-400"
      />
      {label}
    </label>
  );
}
