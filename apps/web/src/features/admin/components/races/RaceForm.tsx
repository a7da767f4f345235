import { useState, type FormEvent } from 'react';
import { raceRepeats, type AdminRace, type PrizeTier, type RaceRepeat } from '@rewards/contracts';
import { Button } from '@/components/ui/Button';
import { ChoiceField, TextField } from '@/components/ui/FormField';
import { useFieldError } from '@/lib/form-state';
import { m } from '@/paraglide/messages.js';
import { CreateButton } from '../CreateButton';
import { localInputToIso } from '../format';
import { PrizeTiersField, tiersFromInput, tiersToInput, type TierInput } from './PrizeTiersField';

export const repeatChoice: Record<RaceRepeat, () => string> = {
  none: m.races_admin_repeat_none,
  daily: m.races_admin_repeat_daily,
  weekly: m.races_admin_repeat_weekly,
  monthly: m.races_admin_repeat_monthly,
};

/** What the form sends: a start only when creating. */
export interface RaceFormValues {
  name: string;
  repeat: RaceRepeat;
  startAt?: string;
  endAt?: string;
  prizes: PrizeTier[];
}

type Field = 'name' | 'startAt' | 'endAt' | 'prizes';

/** An ISO time as a `datetime-local` value in the browser's zone. */
function isoToLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const DEFAULT_TIERS: TierInput[] = [
  { to: '1', prize: '500' },
  { to: '2', prize: '250' },
  { to: '10', prize: '25' },
];

/** Creates a race, or edits one that has not ended (`race`): its name, repeat, end and prizes. */
export function RaceForm({
  race,
  busy,
  onSubmit,
  onCancel,
}: {
  race?: AdminRace;
  busy: boolean;
  onSubmit: (values: RaceFormValues, done: () => void) => void;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(race?.name ?? '');
  const [repeat, setRepeat] = useState<RaceRepeat>(race?.repeat ?? 'none');
  const [startAt, setStartAt] = useState(race ? isoToLocalInput(race.startAt) : '');
  const [endAt, setEndAt] = useState(race ? isoToLocalInput(race.endAt) : '');
  const [tiers, setTiers] = useState<TierInput[]>(race ? tiersToInput(race.prizes) : DEFAULT_TIERS);
  const { errorOf, refuse, clear } = useFieldError<Field>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    if (!name.trim()) return refuse('name', m.races_admin_error_name());
    const start = race ? race.startAt : localInputToIso(startAt);
    if (!start) return refuse('startAt', m.races_admin_error_start());
    const end = repeat === 'none' ? localInputToIso(endAt) : undefined;
    if (repeat === 'none' && (!end || end <= start || Date.parse(end) <= Date.now())) {
      return refuse('endAt', m.races_admin_error_end());
    }
    const prizes = tiersFromInput(tiers);
    if (!prizes) return refuse('prizes', m.races_admin_error_prizes());
    const values: RaceFormValues = { name: name.trim(), repeat, prizes };
    if (!race) values.startAt = start;
    // An edit sends the end only when it changed: a repeating race's end is its period's.
    if (end && (!race || end !== new Date(race.endAt).toISOString())) values.endAt = end;
    onSubmit(values, () => {
      if (race) return;
      setName('');
      setStartAt('');
      setEndAt('');
      setTiers(DEFAULT_TIERS);
    });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField
        compact
        label={m.races_admin_name()}
        className="sm:col-span-2"
        maxLength={120}
        placeholder={m.races_admin_name_placeholder()}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errorOf('name')}
      />
      <ChoiceField
        compact
        label={m.races_admin_repeat()}
        className="sm:col-span-2"
        options={raceRepeats}
        labelOf={(r) => repeatChoice[r]()}
        value={repeat}
        onChoose={setRepeat}
      />
      <TextField
        compact
        label={m.races_admin_start()}
        type="datetime-local"
        value={startAt}
        disabled={race !== undefined}
        onChange={(e) => setStartAt(e.target.value)}
        error={errorOf('startAt')}
      />
      <TextField
        compact
        label={m.races_admin_end()}
        type="datetime-local"
        value={repeat === 'none' ? endAt : ''}
        disabled={repeat !== 'none'}
        hint={repeat === 'none' ? undefined : m.races_admin_end_hint()}
        onChange={(e) => setEndAt(e.target.value)}
        error={errorOf('endAt')}
      />
      <PrizeTiersField tiers={tiers} onChange={setTiers} error={errorOf('prizes')} />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        {race ? (
          <>
            <Button type="submit" disabled={busy}>
              {m.races_admin_save()}
            </Button>
            <Button type="button" variant="ghost" onClick={onCancel}>
              {m.races_admin_cancel()}
            </Button>
          </>
        ) : (
          <CreateButton busy={busy} label={m.races_admin_create()} />
        )}
      </div>
    </form>
  );
}
