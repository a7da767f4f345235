import { useState, type FormEvent } from 'react';
import { Trophy } from 'lucide-react';
import type { AdminGiveaway } from '@rewards/contracts';
import { formatRobux } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/Badge';
import { EmptyState, LoadingRow } from '@/components/ui/CardStates';
import { useConfirmation } from '@/components/ui/ConfirmDialog';
import { RowButton } from '@/components/ui/DataTable';
import { AmountField, TextAreaField, TextField } from '@/components/ui/FormField';
import { Panel } from '@/components/ui/Panel';
import { cellClass } from '@/components/ui/table-styles';
import { useFieldError, useFormState } from '@/lib/form-state';
import { useCreateGiveaway, useEndGiveaway, useGiveawayEntries, useGiveaways } from '../../api/giveaways';
import { formatCount, formatDateTime, localInputToIso } from '../format';
import { ListTable } from '../ListStates';
import { SectionError, SectionPanels } from '../SectionError';
import { useCan } from '../../api/me';
import { CreateButton } from '../CreateButton';

const columns = () => [
  m.admin_setup_column_giveaway(),
  m.admin_setup_column_prize(),
  m.admin_setup_column_ends(),
  m.admin_setup_column_entries(),
  m.admin_setup_column_winner(),
  { label: m.admin_setup_column_actions(), hidden: true },
];

/** The giveaway form's fields that a check may refuse. */
type GiveawayField = 'title' | 'prize' | 'endAt';

/** `1 entry`, `12 entries`. */
const entriesText = (entries: number) =>
  m.admin_setup_entry_count({ n: entries, count: formatCount(entries) });

/** Giveaways: create one, see its entries and winner, end it early (creating and ending: giveaways.edit). */
export function GiveawaysSection() {
  const list = useGiveaways();
  const create = useCreateGiveaway();
  const end = useEndGiveaway();
  const { ask, dialog } = useConfirmation();
  const { form, bind, reset } = useFormState({ title: '', description: '', prize: '', endAt: '' });
  const { refused, errorOf, refuse, clear } = useFieldError<GiveawayField>();
  const [openEntries, setOpenEntries] = useState<number | null>(null);
  const canEdit = useCan('giveaways.edit');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    create.reset();
    const prize = Number(form.prize);
    const endAt = localInputToIso(form.endAt);
    if (!form.title.trim()) return refuse('title', m.admin_setup_giveaway_error_title());
    if (!(prize > 0)) return refuse('prize', m.admin_setup_giveaway_error_prize());
    if (!endAt) return refuse('endAt', m.admin_setup_giveaway_error_end());
    if (new Date(endAt).getTime() <= Date.now()) return refuse('endAt', m.admin_setup_giveaway_error_past());
    create.mutate(
      { title: form.title.trim(), description: form.description.trim(), prize, endAt },
      {
        onSuccess: (created) => {
          reset();
          toastSuccess(
            m.admin_setup_giveaway_created(),
            m.admin_setup_giveaway_created_ends({
              title: created.title,
              date: formatDateTime(created.endDate),
            }),
          );
        },
      },
    );
  }

  function onEnd(giveaway: AdminGiveaway) {
    end.reset();
    const who =
      giveaway.entries > 0
        ? m.admin_setup_giveaway_end_winner({ entries: entriesText(giveaway.entries) })
        : m.admin_setup_giveaway_end_no_winner();
    ask(
      {
        title: m.admin_setup_giveaway_end_title(),
        question: m.admin_setup_giveaway_end_question({ title: giveaway.title, who }),
        confirm: m.admin_setup_end_now(),
      },
      () =>
        end.mutate(giveaway.id, {
          onSuccess: () => toastSuccess(m.admin_setup_giveaway_ended(), giveaway.title),
        }),
    );
  }

  const giveaways = list.data?.giveaways ?? [];

  return (
    <SectionPanels error={refused?.message ?? create.error ?? end.error ?? list.error} retry={list}>
      {dialog}
      {canEdit && (
        <Panel title={m.admin_setup_giveaway_create_title()}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
            <TextField
              compact
              label={m.admin_setup_giveaway_title()}
              className="sm:col-span-2"
              maxLength={120}
              placeholder={m.admin_setup_giveaway_title_placeholder()}
              {...bind('title')}
              error={errorOf('title')}
            />
            <AmountField
              compact
              label={m.admin_setup_giveaway_prize()}
              placeholder="500"
              {...bind('prize')}
              error={errorOf('prize')}
            />
            <TextField
              compact
              label={m.admin_setup_giveaway_end_date()}
              type="datetime-local"
              {...bind('endAt')}
              error={errorOf('endAt')}
            />
            <TextAreaField
              compact
              label={m.admin_setup_giveaway_description()}
              className="sm:col-span-2"
              maxLength={2000}
              rows={3}
              placeholder={m.admin_setup_giveaway_description_placeholder()}
              {...bind('description')}
            />
            <div className="sm:col-span-2">
              <CreateButton busy={create.isPending} label={m.admin_setup_giveaway_create()} />
            </div>
          </form>
        </Panel>
      )}

      <Panel title={m.admin_setup_giveaways_all()}>
        <ListTable
          query={list}
          items={giveaways}
          loading={m.admin_setup_giveaways_loading()}
          empty={m.admin_setup_giveaways_empty()}
          columns={columns()}
          className="min-w-[40rem]"
          row={(g) => (
            <GiveawayRow
              key={g.id}
              giveaway={g}
              entriesOpen={openEntries === g.id}
              onToggleEntries={() => setOpenEntries(openEntries === g.id ? null : g.id)}
              onEnd={canEdit ? () => onEnd(g) : undefined}
              ending={end.isPending && end.variables === g.id}
            />
          )}
        />
      </Panel>
    </SectionPanels>
  );
}

function GiveawayRow({
  giveaway: g,
  entriesOpen,
  onToggleEntries,
  onEnd,
  ending,
}: {
  giveaway: AdminGiveaway;
  entriesOpen: boolean;
  onToggleEntries: () => void;
  /** Absent for a role that may not end giveaways. */
  onEnd?: () => void;
  ending: boolean;
}) {
  return (
    <>
      <tr data-giveaway-id={g.id}>
        <td className={cn(cellClass, 'max-w-72')}>
          <p className="font-semibold text-white">{g.title}</p>
          {g.description && <p className="line-clamp-2 text-xs text-slate-400">{g.description}</p>}
        </td>
        <td className={cn(cellClass, 'whitespace-nowrap text-emerald-300')}>{formatRobux(g.prize)}</td>
        <td className={cn(cellClass, 'min-w-32 text-slate-300')}>
          <div className="flex flex-col gap-1">
            {formatDateTime(g.endedAt ?? g.endDate)}
            <span>
              {g.ended ? (
                <Badge tone="slate">{m.admin_setup_giveaway_status_ended()}</Badge>
              ) : (
                <Badge tone="green">{m.admin_setup_giveaway_status_open()}</Badge>
              )}
            </span>
          </div>
        </td>
        <td className={cellClass}>
          <RowButton
            variant="ghost"
            className="px-2 tabular-nums"
            aria-expanded={entriesOpen}
            disabled={g.entries === 0}
            onClick={onToggleEntries}
          >
            {entriesText(g.entries)}
          </RowButton>
        </td>
        <td className={cn(cellClass, 'whitespace-nowrap')}>
          {g.winner ? (
            <span className="inline-flex items-center gap-1.5 font-semibold text-amber-300">
              <Trophy aria-hidden="true" className="size-4" /> {g.winner}
            </span>
          ) : (
            <span className="text-slate-500">—</span>
          )}
        </td>
        <td className={cn(cellClass, 'text-right')}>
          {onEnd && !g.ended && (
            <RowButton variant="danger" disabled={ending} onClick={onEnd}>
              {ending ? m.admin_setup_ending() : m.admin_setup_end_now()}
            </RowButton>
          )}
        </td>
      </tr>
      {entriesOpen && (
        <tr>
          <td colSpan={columns().length} className={cn(cellClass, 'bg-slate-950/40')}>
            <GiveawayEntries id={g.id} />
          </td>
        </tr>
      )}
    </>
  );
}

function GiveawayEntries({ id }: { id: number }) {
  const entries = useGiveawayEntries(id);
  if (entries.isPending) return <LoadingRow label={m.admin_setup_entries_loading()} />;
  if (entries.isError) return <SectionError error={entries.error} title={m.admin_setup_entries_failed()} />;
  const list = entries.data.entries;
  if (list.length === 0) return <EmptyState>{m.admin_setup_entries_empty()}</EmptyState>;
  return (
    <ul className="flex flex-wrap gap-2 py-1" aria-label={m.admin_setup_column_entries()}>
      {list.map((entry) => (
        <li
          key={entry.username}
          title={m.admin_setup_entered_at({ date: formatDateTime(entry.enteredAt) })}
          className="rounded-full border border-slate-700 bg-slate-900 px-3 py-1 text-xs font-medium text-slate-200"
        >
          {entry.username}
        </li>
      ))}
    </ul>
  );
}
