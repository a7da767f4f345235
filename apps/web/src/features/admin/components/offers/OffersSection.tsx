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
import { formatDateTime, formatJson, formatShortDateTime } from '../format';
import {
  Badge,
  EmptyState,
  LoadingRow,
  Panel,
  SectionError,
  SelectField,
  TableScroll,
  tableClass,
  tdClass,
  thClass,
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

  const error =
    (formError ? new Error(formError) : null) ??
    create.error ??
    update.error ??
    replay.error ??
    walls.error ??
    postbacks.error;

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
    if (
      wall.active &&
      !window.confirm(`Disable ${wall.name}? Its card disappears and its postbacks are refused.`)
    )
      return;
    update.mutate(
      { slug: wall.slug, changes: { active: !wall.active } },
      { onSuccess: () => toastSuccess(wall.active ? 'Wall disabled' : 'Wall enabled', wall.name) },
    );
  }

  function onReplay(pb: AdminPostback) {
    resetErrors();
    if (
      !window.confirm(
        `Replay postback #${pb.id} of ${pb.wall} (transaction ${pb.transId ?? '—'}) with the wall's current settings?`,
      )
    )
      return;
    replay.mutate(pb.id, {
      onSuccess: (result) =>
        toastSuccess(
          `Replayed: ${result.verdict.replace(/_/g, ' ')}`,
          `Answer ${result.status} ${result.body}`,
        ),
    });
  }

  const wallList = walls.data?.walls ?? [];
  const postbackList = postbacks.data?.pages.flatMap((p) => p.postbacks) ?? [];

  return (
    <div className="flex flex-col gap-6">
      <SectionError
        error={error}
        onRetry={
          walls.isError || postbacks.isError
            ? () => {
                if (walls.isError) void walls.refetch();
                if (postbacks.isError) void postbacks.refetch();
              }
            : undefined
        }
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
        {walls.isPending ? (
          <LoadingRow label="Loading walls..." />
        ) : wallList.length === 0 ? (
          !walls.isError && <EmptyState>No walls yet.</EmptyState>
        ) : (
          <TableScroll>
            <table className={cn(tableClass, 'min-w-[44rem]')}>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>
                    Wall
                  </th>
                  <th scope="col" className={thClass}>
                    Kind
                  </th>
                  <th scope="col" className={thClass}>
                    Frame URL
                  </th>
                  <th scope="col" className={thClass}>
                    Postbacks
                  </th>
                  <th scope="col" className={thClass}>
                    Status
                  </th>
                  <th scope="col" className={thClass}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
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
                      {wall.active ? (
                        <Badge tone="green">Active</Badge>
                      ) : (
                        <Badge tone="slate">Disabled</Badge>
                      )}
                    </td>
                    <td className={cn(tdClass, 'text-right')}>
                      <div className="flex justify-end gap-2">
                        <Button
                          variant="secondary"
                          size="sm"
                          className="h-8"
                          aria-label={`Edit ${wall.name}`}
                          onClick={() => {
                            resetErrors();
                            setEditing(wall);
                          }}
                        >
                          <Pencil aria-hidden="true" className="size-3.5" /> Edit
                        </Button>
                        <Button
                          variant={wall.active ? 'danger' : 'secondary'}
                          size="sm"
                          className="h-8"
                          disabled={update.isPending}
                          aria-label={`${wall.active ? 'Disable' : 'Enable'} ${wall.name}`}
                          onClick={() => onToggle(wall)}
                        >
                          {wall.active ? 'Disable' : 'Enable'}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
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
        {postbacks.isPending ? (
          <LoadingRow label="Loading postbacks..." />
        ) : postbackList.length === 0 ? (
          !postbacks.isError && <EmptyState>No postbacks match.</EmptyState>
        ) : (
          <TableScroll>
            <table className={cn(tableClass, 'min-w-[36rem]')}>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>
                    When
                  </th>
                  <th scope="col" className={thClass}>
                    Wall
                  </th>
                  <th scope="col" className={thClass}>
                    Transaction
                  </th>
                  <th scope="col" className={thClass}>
                    Verdict
                  </th>
                  <th scope="col" className={thClass}>
                    Parameters
                  </th>
                </tr>
              </thead>
              <tbody>
                {postbackList.map((pb) => (
                  <tr key={pb.id} data-postback-id={pb.id}>
                    <td
                      className={cn(tdClass, 'text-xs whitespace-nowrap text-slate-400')}
                      title={formatDateTime(pb.createdAt)}
                    >
                      {formatShortDateTime(pb.createdAt)}
                    </td>
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
                          <Button
                            variant="secondary"
                            size="sm"
                            className="h-8"
                            disabled={replay.isPending}
                            aria-label={`Replay postback ${pb.id}`}
                            onClick={() => onReplay(pb)}
                          >
                            Replay
                          </Button>
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
              </tbody>
            </table>
          </TableScroll>
        )}
        {postbacks.hasNextPage && (
          <div className="mt-4 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              disabled={postbacks.isFetchingNextPage}
              onClick={() => void postbacks.fetchNextPage()}
            >
              {postbacks.isFetchingNextPage ? 'Loading...' : 'Load older postbacks'}
            </Button>
          </div>
        )}
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
