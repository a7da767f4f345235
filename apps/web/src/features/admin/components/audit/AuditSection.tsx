import { useId, useState } from 'react';
import { RotateCw } from 'lucide-react';
import { m } from '@/paraglide/messages.js';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { Panel } from '@/components/ui/Panel';
import { TextField } from '@/components/ui/FormField';
import { cellClass } from '@/components/ui/table-styles';
import { useAuditLog } from '../../api/audit';
import { useAdminMe } from '../../api/me';
import { useStaff } from '../../api/staff';
import { useDebounced } from '../users/useDebounced';
import { formatCount, formatJson } from '../format';
import { ListTable, LoadOlder } from '../ListStates';
import { retryFailed, SectionError } from '../SectionError';
import { WhenCell } from '../WhenCell';

type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** For an update, only the fields that changed are worth reading; a create or delete shows everything. */
function changedOnly(before: unknown, after: unknown): [unknown, unknown] {
  if (!isPlainObject(before) || !isPlainObject(after)) return [before, after];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => formatJson(before[key]) !== formatJson(after[key]),
  );
  if (keys.length === 0) return [before, after];
  const pick = (obj: Plain) => Object.fromEntries(keys.filter((k) => k in obj).map((k) => [k, obj[k]]));
  return [pick(before), pick(after)];
}

const SHOWN_FIELDS = 4;
const columns = () => [
  m.admin_col_when(),
  m.admin_audit_col_who(),
  m.admin_audit_col_before(),
  m.admin_audit_col_after(),
];

/**
 * An audit value as `field: value` lines; long objects fold their remaining fields away. The fields
 * and values are the record as stored, not text of ours: `translate="no"`.
 */
function AuditValue({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-slate-500">—</span>;
  if (!isPlainObject(value))
    return (
      <code translate="no" className="font-mono text-xs break-all text-slate-300">
        {formatJson(value)}
      </code>
    );
  const entries = Object.entries(value);
  if (entries.length === 0) return <span className="text-slate-500">—</span>;
  const line = ([key, v]: [string, unknown]) => (
    <li key={key} className="break-all">
      <span className="text-slate-500">{key}: </span>
      <span className="text-slate-200">{formatJson(v)}</span>
    </li>
  );
  const shown = entries.length > SHOWN_FIELDS + 1 ? entries.slice(0, SHOWN_FIELDS) : entries;
  const rest = entries.slice(shown.length);
  return (
    <div className="font-mono text-xs">
      <ul translate="no" className="flex flex-col gap-0.5">
        {shown.map(line)}
      </ul>
      {rest.length > 0 && (
        <details className="mt-1">
          <summary className="cursor-pointer font-sans text-sky-300 select-none">
            {m.admin_audit_more_fields({ count: rest.length, n: formatCount(rest.length) })}
          </summary>
          <ul translate="no" className="mt-0.5 flex flex-col gap-0.5">
            {rest.map(line)}
          </ul>
        </details>
      )}
    </div>
  );
}

/**
 * Who to show: any name typed (the server matches it exactly), with the staff's names to pick from
 * when the signed-in role may list them (the owner), and the signed-in member's own.
 */
function ActorFilter({ value, onChange }: { value: string; onChange: (actor: string) => void }) {
  const me = useAdminMe().data;
  const canList = me?.permissions.includes('staff.manage') ?? false;
  const staff = useStaff(canList).data?.staff ?? [];
  const names = [...new Set([...(me ? [me.username] : []), ...staff.map((member) => member.username)])];
  const listId = useId();
  return (
    <>
      <TextField
        compact
        label={m.admin_audit_staff_member()}
        type="search"
        list={listId}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={64}
        placeholder={m.admin_audit_everyone()}
        className="w-full sm:w-56"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId}>
        {names.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}

/** Every admin action, newest first (`GET /api/admin/audit`), or one staff member's (`?actor=`). */
export function AuditSection() {
  const [actorInput, setActorInput] = useState('');
  const actor = useDebounced(actorInput.trim(), 300);
  const audit = useAuditLog(actor);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Panel
      description={actor ? m.admin_audit_newest_by({ actor }) : m.admin_audit_newest()}
      actions={
        <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          <ActorFilter value={actorInput} onChange={setActorInput} />
          <Button
            className="h-10"
            variant="secondary"
            size="sm"
            disabled={audit.isFetching}
            onClick={() => void audit.refetch()}
          >
            <RotateCw aria-hidden="true" className={cn('size-4', audit.isFetching && 'animate-spin')} />{' '}
            {m.admin_refresh()}
          </Button>
        </div>
      }
    >
      <SectionError error={audit.error} title={m.admin_audit_load_failed()} onRetry={retryFailed(audit)} />
      <ListTable
        query={audit}
        items={entries}
        loading={m.admin_audit_loading()}
        empty={actor ? m.admin_audit_empty_by({ actor }) : m.admin_audit_empty()}
        columns={columns()}
        className="min-w-[36rem]"
        row={(entry) => {
          const [before, after] = changedOnly(entry.before, entry.after);
          return (
            <tr key={entry.id}>
              <WhenCell iso={entry.createdAt} />
              <td className={cellClass}>
                <p className="font-semibold whitespace-nowrap text-white" data-testid="audit-action">
                  {entry.action}
                </p>
                <p className="text-xs text-slate-400">
                  {m.admin_audit_by()} <span className="text-slate-200">{entry.actor}</span> ·{' '}
                  <span className="font-mono break-all">{entry.target}</span>
                </p>
              </td>
              <td className={cn(cellClass, 'w-1/3 min-w-40')}>
                <AuditValue value={before} />
              </td>
              <td className={cn(cellClass, 'w-1/3 min-w-40')}>
                <AuditValue value={after} />
              </td>
            </tr>
          );
        }}
      />
      <LoadOlder query={audit} label={m.admin_load_older_entries()} />
    </Panel>
  );
}
