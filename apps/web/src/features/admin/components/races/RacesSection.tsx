import { Fragment, useState } from 'react';
import type { AdminRace, RaceState } from '@rewards/contracts';
import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { useConfirmation } from '@/components/ui/ConfirmDialog';
import { RowButton } from '@/components/ui/DataTable';
import { Panel } from '@/components/ui/Panel';
import { cellClass } from '@/components/ui/table-styles';
import { cn } from '@/lib/cn';
import { toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { useCan } from '../../api/me';
import { useCreateRace, useEndRace, useRaces, useUpdateRace } from '../../api/races';
import { formatRobux, formatShortDateTime } from '../format';
import { ListTable } from '../ListStates';
import { SectionPanels } from '../SectionError';
import { RaceForm, repeatChoice } from './RaceForm';
import { RaceStandings } from './RaceStandings';

const STATES: Record<RaceState, { label: () => string; tone: BadgeTone }> = {
  scheduled: { label: m.races_admin_state_scheduled, tone: 'sky' },
  running: { label: m.races_admin_state_running, tone: 'green' },
  ended: { label: m.races_admin_state_ended, tone: 'amber' },
  final: { label: m.races_admin_state_final, tone: 'amber' },
  paid: { label: m.races_admin_state_paid, tone: 'slate' },
};

const columns = () => [
  m.races_admin_col_race(),
  m.races_admin_col_period(),
  m.races_admin_col_state(),
  m.races_admin_col_prizes(),
  { label: m.races_admin_col_actions(), hidden: true },
];

type Open = { id: number; what: 'standings' | 'edit' } | null;

/** Races: create one, edit or end it, see its standings and who its prizes went to (changes: races.edit). */
export function RacesSection() {
  const list = useRaces();
  const create = useCreateRace();
  const update = useUpdateRace();
  const end = useEndRace();
  const canEdit = useCan('races.edit');
  const { ask, dialog } = useConfirmation();
  const [open, setOpen] = useState<Open>(null);
  const races = list.data?.races ?? [];
  const toggle = (id: number, what: 'standings' | 'edit') =>
    setOpen(open?.id === id && open.what === what ? null : { id, what });

  function onEnd(race: AdminRace) {
    end.reset();
    ask(
      {
        title: m.races_admin_end_title(),
        question: m.races_admin_end_question({ name: race.name }),
        confirm: m.races_admin_end_now(),
      },
      () => end.mutate(race.id, { onSuccess: () => toastSuccess(m.races_admin_ended(), race.name) }),
    );
  }

  return (
    <SectionPanels error={create.error ?? update.error ?? end.error ?? list.error} retry={list}>
      {dialog}
      {canEdit && (
        <Panel title={m.races_admin_create_title()}>
          <RaceForm
            busy={create.isPending}
            onSubmit={(values, done) => {
              create.reset();
              create.mutate(
                { ...values, startAt: values.startAt! },
                {
                  onSuccess: (created) => {
                    done();
                    toastSuccess(m.races_admin_created(), created.name);
                  },
                },
              );
            }}
          />
        </Panel>
      )}
      <Panel title={m.races_admin_all()}>
        <ListTable
          query={list}
          items={races}
          loading={m.races_admin_loading()}
          empty={m.races_admin_empty()}
          columns={columns()}
          row={(race) => {
            const state = STATES[race.state];
            const isOpen = open?.id === race.id;
            const changeable = race.state === 'scheduled' || race.state === 'running';
            return (
              <Fragment key={race.id}>
                <tr data-race-id={race.id}>
                  <td className={cn(cellClass, 'max-w-60')}>
                    <p className="font-semibold text-white">{race.name}</p>
                    <p className="text-xs text-slate-400">{repeatChoice[race.repeat]()}</p>
                  </td>
                  <td className={cn(cellClass, 'text-slate-300')}>
                    <p className="whitespace-nowrap">{formatShortDateTime(race.startAt)}</p>
                    <p className="whitespace-nowrap">{formatShortDateTime(race.endAt)}</p>
                  </td>
                  <td className={cn(cellClass, 'min-w-36')}>
                    <div className="flex flex-col items-start gap-1">
                      <Badge tone={state.tone}>{state.label()}</Badge>
                      {race.endedEarly && (
                        <span className="text-xs text-slate-400">{m.races_admin_ended_early()}</span>
                      )}
                      {(race.state === 'ended' || race.state === 'running') && (
                        <span className="text-xs text-slate-400">
                          {m.races_admin_decides_at({ date: formatShortDateTime(race.decidesAt) })}
                        </span>
                      )}
                    </div>
                  </td>
                  <td className={cn(cellClass, 'text-xs text-slate-300')}>
                    {race.prizes.map((t) => (
                      <p key={t.from} className="whitespace-nowrap">
                        {t.from === t.to ? `#${t.from}` : `#${t.from}–${t.to}`}{' '}
                        <span className="font-semibold text-amber-200">{formatRobux(t.prize)}</span>
                      </p>
                    ))}
                  </td>
                  <td className={cn(cellClass, 'text-right')}>
                    <div className="flex flex-wrap justify-end gap-2">
                      <RowButton
                        variant="ghost"
                        aria-expanded={isOpen && open.what === 'standings'}
                        onClick={() => toggle(race.id, 'standings')}
                      >
                        {m.races_admin_standings()}
                      </RowButton>
                      {canEdit && changeable && (
                        <>
                          <RowButton
                            variant="secondary"
                            aria-expanded={isOpen && open.what === 'edit'}
                            onClick={() => toggle(race.id, 'edit')}
                          >
                            {m.races_admin_edit()}
                          </RowButton>
                          <RowButton
                            variant="danger"
                            disabled={end.isPending && end.variables === race.id}
                            onClick={() => onEnd(race)}
                          >
                            {end.isPending && end.variables === race.id
                              ? m.races_admin_ending()
                              : m.races_admin_end_now()}
                          </RowButton>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
                {isOpen && (
                  <tr>
                    <td colSpan={columns().length} className={cn(cellClass, 'bg-slate-950/40')}>
                      {open.what === 'standings' ? (
                        <RaceStandings id={race.id} />
                      ) : (
                        <div className="py-2">
                          <h4 className="mb-3 text-sm font-bold text-white">
                            {m.races_admin_edit_title({ name: race.name })}
                          </h4>
                          <RaceForm
                            race={race}
                            busy={update.isPending}
                            onCancel={() => setOpen(null)}
                            onSubmit={({ startAt: _start, ...body }) => {
                              update.reset();
                              update.mutate(
                                { id: race.id, body },
                                {
                                  onSuccess: (saved) => {
                                    setOpen(null);
                                    toastSuccess(m.races_admin_saved(), saved.name);
                                  },
                                },
                              );
                            }}
                          />
                        </div>
                      )}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          }}
        />
      </Panel>
    </SectionPanels>
  );
}
