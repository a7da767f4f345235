import { useState, type FormEvent } from 'react';
import { Trophy } from 'lucide-react';
import type { AdminGiveaway } from '@rewards/contracts';
import { formatRobux } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/Badge';
import { EmptyState, LoadingRow } from '@/components/ui/CardStates';
import { useConfirmation } from '@/components/ui/ConfirmDialog';
import { DataTable, RowButton } from '@/components/ui/DataTable';
import { AmountField, TextAreaField, TextField } from '@/components/ui/FormField';
import { Panel } from '@/components/ui/Panel';
import { cellClass } from '@/components/ui/table-styles';
import { useFormState } from '@/lib/form-state';
import { useCreateGiveaway, useEndGiveaway, useGiveawayEntries, useGiveaways } from '../../api/giveaways';
import { formatCount, formatDateTime, localInputToIso } from '../format';
import { ListBody } from '../ListStates';
import { SectionError, SectionPanels } from '../SectionError';
import { useCan } from '../../api/me';
import { CreateButton } from '../CreateButton';

const columns = ['Giveaway', 'Prize', 'Ends', 'Entries', 'Winner', { label: 'Actions', hidden: true }];

/** Giveaways: create one, see its entries and winner, end it early (creating and ending: giveaways.edit). */
export function GiveawaysSection() {
  const list = useGiveaways();
  const create = useCreateGiveaway();
  const end = useEndGiveaway();
  const { ask, dialog } = useConfirmation();
  const { form, bind, reset } = useFormState({ title: '', description: '', prize: '', endAt: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const [openEntries, setOpenEntries] = useState<number | null>(null);
  const canEdit = useCan('giveaways.edit');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    create.reset();
    const prize = Number(form.prize);
    const endAt = localInputToIso(form.endAt);
    if (!form.title.trim()) return setFormError('Enter a title.');
    if (!(prize > 0)) return setFormError('The prize must be greater than 0.');
    if (!endAt) return setFormError('Choose an end date.');
    if (new Date(endAt).getTime() <= Date.now()) return setFormError('The end date must be in the future.');
    create.mutate(
      { title: form.title.trim(), description: form.description.trim(), prize, endAt },
      {
        onSuccess: (created) => {
          reset();
          toastSuccess('Giveaway created', `${created.title} ends ${formatDateTime(created.endDate)}.`);
        },
      },
    );
  }

  function onEnd(giveaway: AdminGiveaway) {
    end.reset();
    const who =
      giveaway.entries > 0
        ? `A winner will be picked from its ${formatCount(giveaway.entries)} ${giveaway.entries === 1 ? 'entry' : 'entries'}.`
        : 'Nobody has entered, so there will be no winner.';
    ask(
      {
        title: 'End this giveaway?',
        question: `End the giveaway "${giveaway.title}" now? ${who}`,
        confirm: 'End now',
      },
      () => end.mutate(giveaway.id, { onSuccess: () => toastSuccess('Giveaway ended', giveaway.title) }),
    );
  }

  const giveaways = list.data?.giveaways ?? [];

  return (
    <SectionPanels error={formError ?? create.error ?? end.error ?? list.error} retry={list}>
      {dialog}
      {canEdit && (
        <Panel title="Create a giveaway">
          <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
            <TextField
              compact
              label="Title"
              className="sm:col-span-2"
              maxLength={120}
              placeholder="Weekend giveaway"
              {...bind('title')}
            />
            <AmountField compact label="Prize (R$)" placeholder="500" {...bind('prize')} />
            <TextField compact label="End date" type="datetime-local" {...bind('endAt')} />
            <TextAreaField
              compact
              label="Description"
              className="sm:col-span-2"
              maxLength={2000}
              rows={3}
              placeholder="What players can win and how"
              {...bind('description')}
            />
            <div className="sm:col-span-2">
              <CreateButton busy={create.isPending} label="Create giveaway" />
            </div>
          </form>
        </Panel>
      )}

      <Panel title="All giveaways">
        <ListBody
          query={list}
          count={giveaways.length}
          loading="Loading giveaways..."
          empty="No giveaways yet."
        >
          <DataTable columns={columns} className="min-w-[40rem]">
            {giveaways.map((g) => (
              <GiveawayRow
                key={g.id}
                giveaway={g}
                entriesOpen={openEntries === g.id}
                onToggleEntries={() => setOpenEntries(openEntries === g.id ? null : g.id)}
                onEnd={canEdit ? () => onEnd(g) : undefined}
                ending={end.isPending && end.variables === g.id}
              />
            ))}
          </DataTable>
        </ListBody>
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
        <td className={cn(cellClass, 'whitespace-nowrap text-slate-300')}>
          <div className="flex flex-col gap-1">
            {formatDateTime(g.endedAt ?? g.endDate)}
            <span>{g.ended ? <Badge tone="slate">Ended</Badge> : <Badge tone="green">Open</Badge>}</span>
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
            {formatCount(g.entries)} {g.entries === 1 ? 'entry' : 'entries'}
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
              {ending ? 'Ending...' : 'End now'}
            </RowButton>
          )}
        </td>
      </tr>
      {entriesOpen && (
        <tr>
          <td colSpan={columns.length} className={cn(cellClass, 'bg-slate-950/40')}>
            <GiveawayEntries id={g.id} />
          </td>
        </tr>
      )}
    </>
  );
}

function GiveawayEntries({ id }: { id: number }) {
  const entries = useGiveawayEntries(id);
  if (entries.isPending) return <LoadingRow label="Loading entries..." />;
  if (entries.isError) return <SectionError error={entries.error} title="Failed to load the entries" />;
  const list = entries.data.entries;
  if (list.length === 0) return <EmptyState>Nobody has entered yet.</EmptyState>;
  return (
    <ul className="flex flex-wrap gap-2 py-1" aria-label="Entries">
      {list.map((entry) => (
        <li
          key={entry.username}
          title={`Entered ${formatDateTime(entry.enteredAt)}`}
          className="rounded-full border border-slate-700 bg-slate-900 px-3 py-1 text-xs font-medium text-slate-200"
        >
          {entry.username}
        </li>
      ))}
    </ul>
  );
}
