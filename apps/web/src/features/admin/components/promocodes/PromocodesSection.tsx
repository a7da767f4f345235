import { useState, type FormEvent } from 'react';
import type { AdminPromoCode } from '@rewards/contracts';
import { formatRobux } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/Badge';
import { useConfirmation } from '@/components/ui/ConfirmDialog';
import { DataTable, RowButton } from '@/components/ui/DataTable';
import { AmountField, TextField } from '@/components/ui/FormField';
import { Panel } from '@/components/ui/Panel';
import { cellClass } from '@/components/ui/table-styles';
import { useFormState } from '@/lib/form-state';
import { useCreatePromoCode, usePromoCodes, useSetPromoCodeActive } from '../../api/promocodes';
import { formatCount, formatDateTime, localInputToIso } from '../format';
import { ListBody } from '../ListStates';
import { SectionPanels } from '../SectionError';
import { CreateButton } from '../CreateButton';
import { useCan } from '../../api/me';

const columns = ['Code', 'Amount', 'Uses', 'Expires', 'Status', { label: 'Actions', hidden: true }];

function isExpired(code: AdminPromoCode): boolean {
  return code.expiresAt !== null && new Date(code.expiresAt).getTime() <= Date.now();
}

function statusOf(code: AdminPromoCode) {
  if (!code.active) return <Badge tone="slate">Inactive</Badge>;
  if (isExpired(code)) return <Badge tone="amber">Expired</Badge>;
  if (code.maxUses !== null && code.uses >= code.maxUses) return <Badge tone="amber">Used up</Badge>;
  return <Badge tone="green">Active</Badge>;
}

/** Promo codes: create (code, amount, use limit, expiry), see uses, deactivate (changes: promocodes.edit). */
export function PromocodesSection() {
  const list = usePromoCodes();
  const { ask, dialog } = useConfirmation();
  const create = useCreatePromoCode();
  const setActive = useSetPromoCodeActive();
  const { form, set, bind, reset } = useFormState({ code: '', amount: '', maxUses: '', expiresAt: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const canEdit = useCan('promocodes.edit');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    create.reset();
    const amount = Number(form.amount);
    const maxUses = form.maxUses.trim() === '' ? null : Number(form.maxUses);
    const expiresAt = localInputToIso(form.expiresAt);
    if (!form.code.trim()) return setFormError('Enter a code.');
    if (!(amount > 0)) return setFormError('The amount must be greater than 0.');
    if (maxUses !== null && !(Number.isInteger(maxUses) && maxUses > 0))
      return setFormError('The use limit must be a whole number above 0, or empty for unlimited.');
    if (form.expiresAt && !expiresAt) return setFormError('The expiry date is not valid.');
    create.mutate(
      { code: form.code.trim(), amount, maxUses, expiresAt },
      {
        onSuccess: (created) => {
          reset();
          toastSuccess('Promo code created', `${created.code} gives ${formatRobux(created.amount)}.`);
        },
      },
    );
  }

  function onToggle(code: AdminPromoCode) {
    setActive.reset();
    const next = !code.active;
    const question = `Deactivate promo code ${code.code}? Players can no longer redeem it.`;
    ask(
      !next && { title: 'Deactivate this promo code?', question, confirm: 'Deactivate', danger: true },
      () => setActive.mutate({ id: code.id, active: next }),
    );
  }

  const codes = list.data?.promoCodes ?? [];

  return (
    <SectionPanels error={formError ?? create.error ?? setActive.error ?? list.error} retry={list}>
      {dialog}
      {canEdit && (
        <Panel title="Create a promo code">
          <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
            <TextField
              compact
              label="Code"
              placeholder="WELCOME10"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              value={form.code}
              onChange={(e) => set('code', e.target.value.toUpperCase())}
            />
            <AmountField compact label="Amount (R$)" placeholder="10" {...bind('amount')} />
            <TextField
              compact
              label="Use limit"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder="Unlimited"
              {...bind('maxUses')}
            />
            <TextField compact label="Expires (optional)" type="datetime-local" {...bind('expiresAt')} />
            <CreateButton
              busy={create.isPending}
              label="Create code"
              className="h-10 justify-self-start sm:col-span-2 2xl:col-span-4"
            />
          </form>
        </Panel>
      )}

      <Panel title="All promo codes">
        <ListBody
          query={list}
          count={codes.length}
          loading="Loading promo codes..."
          empty="No promo codes yet."
        >
          <DataTable columns={columns} className="min-w-[40rem]">
            {codes.map((code) => (
              <tr key={code.id} data-code={code.code}>
                <td className={cn(cellClass, 'font-mono font-semibold text-white')}>{code.code}</td>
                <td className={cn(cellClass, 'whitespace-nowrap text-emerald-300')}>
                  {formatRobux(code.amount)}
                </td>
                <td className={cn(cellClass, 'whitespace-nowrap tabular-nums')}>
                  {formatCount(code.uses)} / {code.maxUses === null ? '∞' : formatCount(code.maxUses)}
                </td>
                <td className={cn(cellClass, 'whitespace-nowrap text-slate-300')}>
                  {code.expiresAt ? formatDateTime(code.expiresAt) : 'Never'}
                </td>
                <td className={cellClass}>{statusOf(code)}</td>
                <td className={cn(cellClass, 'text-right')}>
                  {canEdit && (
                    <RowButton
                      variant={code.active ? 'danger' : 'secondary'}
                      disabled={setActive.isPending}
                      onClick={() => onToggle(code)}
                      aria-label={`${code.active ? 'Deactivate' : 'Activate'} ${code.code}`}
                    >
                      {code.active ? 'Deactivate' : 'Activate'}
                    </RowButton>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        </ListBody>
      </Panel>
    </SectionPanels>
  );
}
