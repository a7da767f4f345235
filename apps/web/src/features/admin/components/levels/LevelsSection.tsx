import { useState, type FormEvent } from 'react';
import { MAX_LEVEL, type AdminLevelReward } from '@rewards/contracts';
import { formatRobux } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/Button';
import { useConfirmation } from '@/components/ui/ConfirmDialog';
import { RowButton } from '@/components/ui/DataTable';
import { AmountField, TextField } from '@/components/ui/FormField';
import { LevelBadge } from '@/components/level/LevelBadge';
import { Panel } from '@/components/ui/Panel';
import { cellClass } from '@/components/ui/table-styles';
import { useFieldError, useFormState } from '@/lib/form-state';
import {
  useCreateLevelReward,
  useDeleteLevelReward,
  useLevelRewards,
  useUpdateLevelReward,
} from '../../api/levels';
import { useCan } from '../../api/me';
import { CreateButton } from '../CreateButton';
import { formatCount, formatDateTime } from '../format';
import { ListTable } from '../ListStates';
import { SectionPanels } from '../SectionError';

const columns = () => [
  m.levels_admin_level(),
  m.levels_admin_col_reward(),
  m.levels_admin_col_paid(),
  m.levels_admin_col_changed(),
  { label: m.admin_setup_column_actions(), hidden: true },
];

type LevelField = 'level' | 'amount';

/** An amount the server takes: above 0, to the cent. */
const isAmount = (n: number) => n > 0 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/**
 * Level rewards: add one to a level, change its amount, delete it (changes: levels.edit). The form
 * adds a reward, or, after a row's Edit, changes that level's amount.
 */
export function LevelsSection() {
  const list = useLevelRewards();
  const { ask, dialog } = useConfirmation();
  const create = useCreateLevelReward();
  const update = useUpdateLevelReward();
  const remove = useDeleteLevelReward();
  const { form, set, bind, reset } = useFormState({ level: '', amount: '' });
  const [editing, setEditing] = useState<number | null>(null);
  const { refused, errorOf, refuse, clear } = useFieldError<LevelField>();
  const canEdit = useCan('levels.edit');

  function finish() {
    reset();
    setEditing(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    create.reset();
    update.reset();
    const level = Number(form.level);
    const amount = Number(form.amount);
    if (!(Number.isInteger(level) && level >= 2 && level <= MAX_LEVEL))
      return refuse('level', m.levels_admin_error_level({ max: String(MAX_LEVEL) }));
    if (!isAmount(amount)) return refuse('amount', m.levels_admin_error_amount());
    if (editing !== null) {
      update.mutate({ level, amount }, { onSuccess: () => (finish(), toastSuccess(m.levels_admin_saved())) });
      return;
    }
    create.mutate(
      { level, amount },
      {
        onSuccess: (created) => {
          finish();
          toastSuccess(
            m.levels_admin_created(),
            m.levels_admin_created_detail({
              level: String(created.level),
              amount: formatRobux(created.amount),
            }),
          );
        },
      },
    );
  }

  function onEdit(reward: AdminLevelReward) {
    clear();
    setEditing(reward.level);
    set('level', String(reward.level));
    set('amount', String(reward.amount));
  }

  function onDelete(reward: AdminLevelReward) {
    remove.reset();
    ask(
      {
        title: m.levels_admin_delete_title(),
        question: m.levels_admin_delete_question({ level: String(reward.level) }),
        confirm: m.levels_admin_delete(),
        danger: true,
      },
      () => remove.mutate(reward.level, { onSuccess: () => editing === reward.level && finish() }),
    );
  }

  const rewards = list.data?.rewards ?? [];
  const busy = create.isPending || update.isPending;

  return (
    <SectionPanels
      error={refused?.message ?? create.error ?? update.error ?? remove.error ?? list.error}
      retry={list}
    >
      {dialog}
      {canEdit && (
        <Panel
          title={
            editing === null
              ? m.levels_admin_create_title()
              : m.levels_admin_edit_named({ level: String(editing) })
          }
          description={m.levels_admin_curve()}
        >
          <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
            <TextField
              compact
              label={m.levels_admin_level()}
              type="number"
              inputMode="numeric"
              min={2}
              max={MAX_LEVEL}
              step={1}
              placeholder="5"
              disabled={editing !== null}
              {...bind('level')}
              error={errorOf('level')}
            />
            <AmountField
              compact
              label={m.levels_admin_amount()}
              placeholder="10"
              {...bind('amount')}
              error={errorOf('amount')}
            />
            <p className="text-sm text-slate-400 sm:col-span-2">{m.levels_admin_hint()}</p>
            <div className="flex flex-wrap gap-2 sm:col-span-2">
              <CreateButton
                busy={busy}
                label={editing === null ? m.levels_admin_create() : m.levels_admin_save()}
                className="h-10"
              />
              {editing !== null && (
                <Button type="button" variant="secondary" className="h-10" onClick={finish}>
                  {m.levels_admin_cancel()}
                </Button>
              )}
            </div>
          </form>
        </Panel>
      )}

      <Panel title={m.levels_admin_all()}>
        <ListTable
          query={list}
          items={rewards}
          loading={m.levels_admin_loading()}
          empty={m.levels_admin_empty()}
          columns={columns()}
          className="min-w-[34rem]"
          row={(reward) => (
            <tr key={reward.level} data-level={reward.level}>
              <td className={cellClass}>
                <LevelBadge level={reward.level} />
              </td>
              <td className={cn(cellClass, 'whitespace-nowrap text-emerald-300')}>
                {formatRobux(reward.amount)}
              </td>
              <td className={cn(cellClass, 'tabular-nums')}>{formatCount(reward.paid)}</td>
              <td className={cn(cellClass, 'whitespace-nowrap text-slate-300')}>
                {formatDateTime(reward.updatedAt)}
              </td>
              <td className={cn(cellClass, 'text-right whitespace-nowrap')}>
                {canEdit && (
                  <div className="inline-flex gap-2">
                    <RowButton
                      variant="secondary"
                      onClick={() => onEdit(reward)}
                      aria-label={m.levels_admin_edit_named({ level: String(reward.level) })}
                    >
                      {m.levels_admin_edit()}
                    </RowButton>
                    <RowButton
                      variant="danger"
                      disabled={remove.isPending}
                      onClick={() => onDelete(reward)}
                      aria-label={m.levels_admin_delete_named({ level: String(reward.level) })}
                    >
                      {m.levels_admin_delete()}
                    </RowButton>
                  </div>
                )}
              </td>
            </tr>
          )}
        />
      </Panel>
    </SectionPanels>
  );
}
