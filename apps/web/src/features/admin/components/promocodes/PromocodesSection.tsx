import type { FormEvent } from 'react';
import type { AdminPromoCode } from '@rewards/contracts';
import { formatRobux } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/Badge';
import { useConfirmation } from '@/components/ui/ConfirmDialog';
import { RowButton } from '@/components/ui/DataTable';
import { AmountField, TextField } from '@/components/ui/FormField';
import { Panel } from '@/components/ui/Panel';
import { cellClass } from '@/components/ui/table-styles';
import { useFieldError, useFormState } from '@/lib/form-state';
import { useCreatePromoCode, usePromoCodes, useSetPromoCodeActive } from '../../api/promocodes';
import { formatCount, formatDateTime, localInputToIso } from '../format';
import { ListTable } from '../ListStates';
import { SectionPanels } from '../SectionError';
import { CreateButton } from '../CreateButton';
import { useCan } from '../../api/me';

const columns = () => [
  m.admin_setup_column_code(),
  m.admin_setup_column_amount(),
  m.admin_setup_column_uses(),
  m.admin_setup_column_expires(),
  m.admin_setup_column_status(),
  { label: m.admin_setup_column_actions(), hidden: true },
];

/** The promo code form's fields that a check may refuse. */
type PromoField = 'code' | 'amount' | 'maxUses' | 'expiresAt';

function isExpired(code: AdminPromoCode): boolean {
  return code.expiresAt !== null && new Date(code.expiresAt).getTime() <= Date.now();
}

function statusOf(code: AdminPromoCode) {
  if (!code.active) return <Badge tone="slate">{m.admin_setup_promo_status_inactive()}</Badge>;
  if (isExpired(code)) return <Badge tone="amber">{m.admin_setup_promo_status_expired()}</Badge>;
  if (code.maxUses !== null && code.uses >= code.maxUses)
    return <Badge tone="amber">{m.admin_setup_promo_status_used_up()}</Badge>;
  return <Badge tone="green">{m.admin_setup_status_active()}</Badge>;
}

/** Promo codes: create (code, amount, use limit, expiry), see uses, deactivate (changes: promocodes.edit). */
export function PromocodesSection() {
  const list = usePromoCodes();
  const { ask, dialog } = useConfirmation();
  const create = useCreatePromoCode();
  const setActive = useSetPromoCodeActive();
  const { form, set, bind, reset } = useFormState({ code: '', amount: '', maxUses: '', expiresAt: '' });
  const { refused, errorOf, refuse, clear } = useFieldError<PromoField>();
  const canEdit = useCan('promocodes.edit');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    create.reset();
    const amount = Number(form.amount);
    const maxUses = form.maxUses.trim() === '' ? null : Number(form.maxUses);
    const expiresAt = localInputToIso(form.expiresAt);
    if (!form.code.trim()) return refuse('code', m.admin_setup_promo_error_code());
    if (!(amount > 0)) return refuse('amount', m.admin_setup_promo_error_amount());
    if (maxUses !== null && !(Number.isInteger(maxUses) && maxUses > 0))
      return refuse('maxUses', m.admin_setup_promo_error_max_uses());
    if (form.expiresAt && !expiresAt) return refuse('expiresAt', m.admin_setup_promo_error_expiry());
    create.mutate(
      { code: form.code.trim(), amount, maxUses, expiresAt },
      {
        onSuccess: (created) => {
          reset();
          toastSuccess(
            m.admin_setup_promo_created(),
            m.admin_setup_promo_created_gives({ code: created.code, amount: formatRobux(created.amount) }),
          );
        },
      },
    );
  }

  function onToggle(code: AdminPromoCode) {
    setActive.reset();
    const next = !code.active;
    ask(
      !next && {
        title: m.admin_setup_promo_deactivate_title(),
        question: m.admin_setup_promo_deactivate_question({ code: code.code }),
        confirm: m.admin_setup_deactivate(),
        danger: true,
      },
      () => setActive.mutate({ id: code.id, active: next }),
    );
  }

  const codes = list.data?.promoCodes ?? [];

  return (
    <SectionPanels error={refused?.message ?? create.error ?? setActive.error ?? list.error} retry={list}>
      {dialog}
      {canEdit && (
        <Panel title={m.admin_setup_promo_create_title()}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
            <TextField
              compact
              label={m.admin_setup_column_code()}
              placeholder="WELCOME10"
              error={errorOf('code')}
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              value={form.code}
              onChange={(e) => set('code', e.target.value.toUpperCase())}
            />
            <AmountField
              compact
              label={m.admin_setup_promo_amount()}
              placeholder="10"
              {...bind('amount')}
              error={errorOf('amount')}
            />
            <TextField
              compact
              label={m.admin_setup_promo_use_limit()}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder={m.admin_setup_promo_unlimited()}
              {...bind('maxUses')}
              error={errorOf('maxUses')}
            />
            <TextField
              compact
              label={m.admin_setup_promo_expires()}
              type="datetime-local"
              {...bind('expiresAt')}
              error={errorOf('expiresAt')}
            />
            <CreateButton
              busy={create.isPending}
              label={m.admin_setup_promo_create()}
              className="h-10 justify-self-start sm:col-span-2 2xl:col-span-4"
            />
          </form>
        </Panel>
      )}

      <Panel title={m.admin_setup_promo_all()}>
        <ListTable
          query={list}
          items={codes}
          loading={m.admin_setup_promo_loading()}
          empty={m.admin_setup_promo_empty()}
          columns={columns()}
          className="min-w-[40rem]"
          row={(code) => (
            <tr key={code.id} data-code={code.code}>
              <td className={cn(cellClass, 'font-mono font-semibold text-white')}>{code.code}</td>
              <td className={cn(cellClass, 'whitespace-nowrap text-emerald-300')}>
                {formatRobux(code.amount)}
              </td>
              <td className={cn(cellClass, 'whitespace-nowrap tabular-nums')}>
                {formatCount(code.uses)} / {code.maxUses === null ? '∞' : formatCount(code.maxUses)}
              </td>
              <td className={cn(cellClass, 'whitespace-nowrap text-slate-300')}>
                {code.expiresAt ? formatDateTime(code.expiresAt) : m.admin_setup_promo_never()}
              </td>
              <td className={cellClass}>{statusOf(code)}</td>
              <td className={cn(cellClass, 'text-right')}>
                {canEdit && (
                  <RowButton
                    variant={code.active ? 'danger' : 'secondary'}
                    disabled={setActive.isPending}
                    onClick={() => onToggle(code)}
                    aria-label={
                      code.active
                        ? m.admin_setup_deactivate_named({ name: code.code })
                        : m.admin_setup_activate_named({ name: code.code })
                    }
                  >
                    {code.active ? m.admin_setup_deactivate() : m.admin_setup_activate()}
                  </RowButton>
                )}
              </td>
            </tr>
          )}
        />
      </Panel>
    </SectionPanels>
  );
}
