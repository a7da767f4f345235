import type { FormEvent } from 'react';
import { amountModes, postbackSchemes, wallKinds } from '@rewards/contracts';
import { Button } from '@/components/ui/Button';
import { ChoiceField, TextField } from '@/components/ui/FormField';
import { useFormState } from '@/lib/form-state';
import type { AdminWall, WallInput } from '../../api/offers';
import { AllowedAddressesField } from './AllowedAddressesField';
import { FrameParamFields } from './FrameParamFields';
import { amountLabels, frameParamNamesOf, schemeLabels } from './schemes';
import { initialWallForm, toWallInput } from './wallFormState';

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
  const { form, set, bind } = useFormState(initialWallForm(wall));
  const editing = wall !== null;
  const paramNames = frameParamNamesOf(form.iframeTemplate);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = toWallInput(form, wall);
    if (checked.error !== undefined) onInvalid(checked.error);
    else onSubmit(checked.input);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? `Edit ${wall.name}` : 'Add a wall'}
      className="grid gap-4 md:grid-cols-2"
    >
      <TextField
        compact
        label="Slug (postback URL)"
        {...bind('slug')}
        disabled={editing}
        placeholder="lootably"
        maxLength={40}
        spellCheck={false}
        hint={
          <span className="wrap-anywhere">
            Postbacks go to {window.location.origin}/api/postback/
            {form.slug.trim().toLowerCase() || '<slug>'}
          </span>
        }
      />
      <TextField compact label="Name" {...bind('name')} maxLength={80} />
      <TextField compact label="Logo URL" type="url" {...bind('logoUrl')} placeholder="https://…/logo.png" />
      <ChoiceField
        compact
        label="Kind"
        value={form.kind}
        onChoose={(kind) => set('kind', kind)}
        options={wallKinds}
        labelOf={(kind) => (kind === 'offerwall' ? 'Offerwall' : 'Survey wall')}
      />
      <TextField
        compact
        label="Frame URL template"
        className="md:col-span-2"
        {...bind('iframeTemplate')}
        placeholder="https://provider.example/wall?app={appId}&user={userId}"
        spellCheck={false}
        hint={
          editing
            ? 'The site fills {userId}, {username} (and for CPX {secureHash}); every other placeholder gets a field below. Empty: the card reads Coming soon.'
            : 'The site fills {userId}, {username} (and for CPX {secureHash}); every other placeholder gets a field below. Empty: the provider’s own frame, if it has one.'
        }
      />
      <FrameParamFields
        names={paramNames}
        values={form.frameParams}
        onChange={(name, value) => set('frameParams', { ...form.frameParams, [name]: value })}
      />
      <ChoiceField
        compact
        label="Postback scheme"
        value={form.postbackScheme}
        onChoose={(scheme) => set('postbackScheme', scheme)}
        options={postbackSchemes}
        labelOf={(scheme) => schemeLabels[scheme]}
      />
      <TextField
        compact
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
      <ChoiceField
        compact
        label="Amount"
        value={form.amountMode}
        onChoose={(mode) => set('amountMode', mode)}
        options={amountModes}
        labelOf={(mode) => amountLabels[mode]}
      />
      <TextField
        compact
        label="Rate (R$ per USD)"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        {...bind('rate')}
        hint="With USD × rate, the conversion; otherwise the most R$ a USD of payout may bring (0: not checked)."
      />
      <TextField
        compact
        label="Max credit per postback (R$)"
        type="number"
        inputMode="decimal"
        min={0.01}
        max={1_000_000}
        step={0.01}
        {...bind('maxCredit')}
        hint="A postback asking for more waits in the log for an admin to approve or reject it."
      />
      <TextField
        compact
        label="Success answer (optional)"
        {...bind('successBody')}
        maxLength={20}
        spellCheck={false}
        placeholder="The provider’s own"
        hint="What an accepted postback is answered. Empty: what the provider expects."
      />
      <AllowedAddressesField
        className="md:col-span-2"
        value={form.allowedIps}
        onChange={(value) => set('allowedIps', value)}
        scheme={form.postbackScheme}
        creating={!editing}
      />
      <TextField
        compact
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
