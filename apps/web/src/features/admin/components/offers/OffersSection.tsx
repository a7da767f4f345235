import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { postbackVerdicts, type PostbackVerdict } from '@rewards/contracts';
import { Button } from '@/components/ui/Button';
import { toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/cn';
import {
  useCreateWall,
  usePostbacks,
  useReplayPostback,
  useUpdateWall,
  useWalls,
  type AdminPostback,
  type AdminWall,
  type WallInput,
} from '../../api/offers';
import { formatJson } from '../format';
import {
  Badge,
  confirmThen,
  DataTable,
  ListBody,
  LoadOlder,
  Panel,
  retryFailed,
  RowButton,
  SectionError,
  SelectField,
  tdClass,
  WhenCell,
} from '../shared';
import { WallForm } from './WallForm';

/** Verdicts of postbacks that were refused and may succeed when replayed after a fix. */
const REFUSED: ReadonlySet<PostbackVerdict> = new Set([
  'bad_signature',
  'no_secret',
  'unknown_wall',
  'unknown_user',
  'banned',
  'invalid',
]);

function verdictTone(verdict: PostbackVerdict) {
  if (REFUSED.has(verdict)) return 'red' as const;
  if (verdict === 'credited') return 'green' as const;
  if (verdict === 'held') return 'sky' as const;
  return 'slate' as const;
}

const wallColumns = ['Wall', 'Kind', 'Frame URL', 'Postbacks', 'Status', { label: 'Actions', hidden: true }];
const postbackColumns = ['When', 'Wall', 'Transaction', 'Verdict', 'Parameters'];

/** Walls (list, add, edit, disable) and the postback log (filters, raw parameters, replay). */
export function OffersSection() {
  const walls = useWalls();
  const create = useCreateWall();
  const update = useUpdateWall();
  const replay = useReplayPostback();
  const [editing, setEditing] = useState<AdminWall | 'new' | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [wallFilter, setWallFilter] = useState('');
  const [verdictFilter, setVerdictFilter] = useState('');
  const postbacks = usePostbacks(wallFilter, verdictFilter);

  function resetErrors() {
    setFormError(null);
    create.reset();
    update.reset();
    replay.reset();
  }

  function onSave(input: WallInput) {
    resetErrors();
    const done = () => {
      setEditing(null);
      toastSuccess('Wall saved', input.name);
    };
    if (editing === 'new') create.mutate(input, { onSuccess: done });
    else if (editing) update.mutate({ slug: editing.slug, changes: input }, { onSuccess: done });
  }

  function onToggle(wall: AdminWall) {
    resetErrors();
    confirmThen(
      wall.active && `Disable ${wall.name}? Its card disappears and its postbacks are refused.`,
      () =>
        update.mutate(
          { slug: wall.slug, changes: { active: !wall.active } },
          { onSuccess: () => toastSuccess(wall.active ? 'Wall disabled' : 'Wall enabled', wall.name) },
        ),
    );
  }

  function onReplay(pb: AdminPostback) {
    resetErrors();
    confirmThen(
      `Replay postback #${pb.id} of ${pb.wall} (transaction ${pb.transId ?? '—'}) with the wall's current settings?`,
      () =>
        replay.mutate(pb.id, {
          onSuccess: (result) =>
            toastSuccess(
              `Replayed: ${result.verdict.replace(/_/g, ' ')}`,
              `Answer ${result.status} ${result.body}`,
            ),
        }),
    );
  }

  const wallList = walls.data?.walls ?? [];
  const postbackList = postbacks.data?.pages.flatMap((p) => p.postbacks) ?? [];

  return (
    <div className="flex flex-col gap-6">
      <SectionError
        error={formError ?? create.error ?? update.error ?? replay.error ?? walls.error ?? postbacks.error}
        onRetry={retryFailed(walls, postbacks)}
      />

      <Panel
        title="Walls"
        description="Offerwalls and survey walls shown on the earn page."
        actions={
          editing === null && (
            <Button
              size="sm"
              onClick={() => {
                resetErrors();
                setEditing('new');
              }}
            >
              <Plus aria-hidden="true" className="size-4" /> Add wall
            </Button>
          )
        }
      >
        {editing !== null && (
          <div className="mb-6 rounded-xl border border-slate-700 bg-slate-950/50 p-4">
            <h4 className="mb-4 font-semibold text-white">
              {editing === 'new' ? 'Add a wall' : `Edit ${editing.name}`}
            </h4>
            <WallForm
              key={editing === 'new' ? 'new' : editing.slug}
              wall={editing === 'new' ? null : editing}
              busy={create.isPending || update.isPending}
              onSubmit={onSave}
              onCancel={() => {
                resetErrors();
                setEditing(null);
              }}
              onInvalid={setFormError}
            />
          </div>
        )}
        <ListBody query={walls} count={wallList.length} loading="Loading walls..." empty="No walls yet.">
          <DataTable columns={wallColumns} className="min-w-[44rem]">
            {wallList.map((wall) => (
              <tr key={wall.slug} data-wall={wall.slug}>
                <td className={tdClass}>
                  <div className="flex items-center gap-3">
                    <WallLogo wall={wall} />
                    <div>
                      <p className="font-semibold text-white">{wall.name}</p>
                      <p className="font-mono text-xs text-slate-500">{wall.slug}</p>
                    </div>
                  </div>
                </td>
                <td className={cn(tdClass, 'text-slate-300')}>
                  {wall.kind === 'offerwall' ? 'Offerwall' : 'Survey'}
                </td>
                <td className={cn(tdClass, 'max-w-64')}>
                  {wall.iframeTemplate ? (
                    <code
                      className="line-clamp-2 font-mono text-xs break-all text-slate-300"
                      title={wall.iframeTemplate}
                    >
                      {wall.iframeTemplate}
                    </code>
                  ) : (
                    <span className="text-xs text-slate-500">Coming soon</span>
                  )}
                </td>
                <td className={cn(tdClass, 'text-xs text-slate-300')}>
                  <p className="font-semibold uppercase">{wall.postbackScheme}</p>
                  <p className="text-slate-400">
                    {wall.amountMode === 'usd_rate'
                      ? `R$ ${wall.rate} per USD`
                      : wall.amountMode === 'local'
                        ? 'R$ from provider'
                        : 'Provider reward'}
                  </p>
                  <p className={wall.hasSecret ? 'text-emerald-300' : 'text-amber-300'}>
                    {wall.hasSecret ? 'Secret set' : 'No secret'}
                  </p>
                </td>
                <td className={tdClass}>
                  {wall.active ? <Badge tone="green">Active</Badge> : <Badge tone="slate">Disabled</Badge>}
                </td>
                <td className={cn(tdClass, 'text-right')}>
                  <div className="flex justify-end gap-2">
                    <RowButton
                      variant="secondary"
                      aria-label={`Edit ${wall.name}`}
                      onClick={() => {
                        resetErrors();
                        setEditing(wall);
                      }}
                    >
                      <Pencil aria-hidden="true" className="size-3.5" /> Edit
                    </RowButton>
                    <RowButton
                      variant={wall.active ? 'danger' : 'secondary'}
                      disabled={update.isPending}
                      aria-label={`${wall.active ? 'Disable' : 'Enable'} ${wall.name}`}
                      onClick={() => onToggle(wall)}
                    >
                      {wall.active ? 'Disable' : 'Enable'}
                    </RowButton>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        </ListBody>
      </Panel>

      <Panel
        title="Postback log"
        description="Every postback received, accepted or refused, newest first."
        actions={
          <div className="grid w-full grid-cols-2 gap-2 sm:w-auto">
            <SelectField label="Wall" value={wallFilter} onChange={(e) => setWallFilter(e.target.value)}>
              <option value="">All walls</option>
              {wallList.map((w) => (
                <option key={w.slug} value={w.slug}>
                  {w.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Verdict"
              value={verdictFilter}
              onChange={(e) => setVerdictFilter(e.target.value)}
            >
              <option value="">All verdicts</option>
              {postbackVerdicts.map((v) => (
                <option key={v} value={v}>
                  {v.replace(/_/g, ' ')}
                </option>
              ))}
            </SelectField>
          </div>
        }
      >
        <ListBody
          query={postbacks}
          count={postbackList.length}
          loading="Loading postbacks..."
          empty="No postbacks match."
        >
          <DataTable columns={postbackColumns} className="min-w-[36rem]">
            {postbackList.map((pb) => (
              <tr key={pb.id} data-postback-id={pb.id}>
                <WhenCell iso={pb.createdAt} />
                <td className={cn(tdClass, 'font-mono text-xs text-slate-200')}>{pb.wall}</td>
                <td className={cn(tdClass, 'text-xs text-slate-300')}>
                  <p className="font-mono break-all">{pb.transId ?? '—'}</p>
                  <p className="text-slate-500">
                    {pb.action ?? 'unreadable'}
                    {pb.userId !== null && ` · user ${pb.userId}`}
                  </p>
                </td>
                <td className={tdClass}>
                  <div className="flex flex-col items-start gap-2">
                    <Badge tone={verdictTone(pb.verdict)}>{pb.verdict.replace(/_/g, ' ')}</Badge>
                    {REFUSED.has(pb.verdict) && (
                      <RowButton
                        variant="secondary"
                        disabled={replay.isPending}
                        aria-label={`Replay postback ${pb.id}`}
                        onClick={() => onReplay(pb)}
                      >
                        Replay
                      </RowButton>
                    )}
                  </div>
                </td>
                <td className={cn(tdClass, 'w-2/5 min-w-48')}>
                  <details className="group">
                    <summary className="cursor-pointer text-xs font-medium text-sky-300 select-none">
                      <code className="font-mono break-all text-slate-300 group-open:hidden">
                        {truncate(formatJson(pb.params), 60)}
                      </code>
                      <span className="hidden group-open:inline">Hide parameters</span>
                    </summary>
                    <pre className="mt-2 max-h-56 overflow-auto rounded-lg bg-slate-950 p-2.5 font-mono text-xs whitespace-pre-wrap break-all text-slate-200">
                      {prettyParams(pb.params)}
                    </pre>
                    {pb.ip && <p className="mt-1 text-xs text-slate-500">from {pb.ip}</p>}
                  </details>
                </td>
              </tr>
            ))}
          </DataTable>
        </ListBody>
        <LoadOlder query={postbacks} label="Load older postbacks" />
      </Panel>
    </div>
  );
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function prettyParams(params: AdminPostback['params']): string {
  return JSON.stringify(params, null, 2);
}

function WallLogo({ wall }: { wall: AdminWall }) {
  const [failed, setFailed] = useState(false);
  if (!wall.logoUrl || failed) {
    return (
      <span
        aria-hidden="true"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-800 text-sm font-bold text-slate-300"
      >
        {wall.name.charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      src={wall.logoUrl}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="size-9 shrink-0 rounded-lg bg-slate-800 object-contain p-1"
    />
  );
}
