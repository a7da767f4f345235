import { Pencil, Send } from 'lucide-react';
import { formatRobux } from '@/lib/format';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/Badge';
import { RowButton } from '@/components/ui/DataTable';
import { cellClass } from '@/components/ui/table-styles';
import { useCan } from '../../api/me';
import type { AdminWall } from '../../api/offers';
import { PostbackUrlField } from './PostbackUrlField';
import { cardCell, cardRow } from './mobileCards';
import { amountLabels, frameParamLabel, schemeName } from './schemes';
import { WallLogo } from './WallLogo';

export const wallColumns = ['Wall', 'Postbacks', { label: 'Actions', hidden: true }];

/**
 * One wall of the list: what players see, how its postbacks are checked, where they go, and its actions
 * (for a role that may edit walls).
 */
export function WallRow({
  wall,
  busy,
  onEdit,
  onTest,
  onToggle,
}: {
  wall: AdminWall;
  busy: boolean;
  onEdit: () => void;
  onTest: () => void;
  onToggle: () => void;
}) {
  const missingParams = wall.frameParamNames.filter((n) => !wall.frameParams[n]);
  const canEdit = useCan('walls.edit');
  return (
    <tr data-wall={wall.slug} className={cardRow}>
      <td className={cn(cellClass, 'w-60 align-top', cardCell)}>
        <div className="flex items-start gap-3">
          <WallLogo wall={wall} />
          <div className="min-w-0">
            <p className="font-semibold text-white">{wall.name}</p>
            <p className="font-mono text-xs text-slate-500">{wall.slug}</p>
            <div className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs text-slate-400">
              {wall.kind === 'offerwall' ? 'Offerwall' : 'Survey'}
              {wall.active ? <Badge tone="green">Active</Badge> : <Badge tone="slate">Disabled</Badge>}
            </div>
          </div>
        </div>
        <div className="mt-3 text-xs">
          <p className="font-semibold text-slate-400">Frame URL</p>
          {wall.iframeTemplate ? (
            <code className="line-clamp-2 font-mono break-all text-slate-300" title={wall.iframeTemplate}>
              {wall.iframeTemplate}
            </code>
          ) : (
            <span className="text-slate-500">Coming soon</span>
          )}
          {missingParams.length > 0 && (
            <p className="mt-1 text-amber-300">
              Coming soon until set: {missingParams.map(frameParamLabel).join(', ')}
            </p>
          )}
        </div>
      </td>
      <td className={cn(cellClass, 'min-w-72 align-top text-xs text-slate-300', cardCell)}>
        <div className="mb-2.5 flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <span className="font-semibold text-white">{schemeName(wall.postbackScheme)}</span>
          <span className="text-slate-400">
            {wall.amountMode === 'usd_rate' ? `R$ ${wall.rate} per USD` : amountLabels[wall.amountMode]}
          </span>
          <span className={wall.hasSecret ? 'text-emerald-300' : 'text-amber-300'}>
            {wall.hasSecret ? 'Secret set' : 'No secret'}
          </span>
          <span className="whitespace-nowrap text-slate-400">
            Max {formatRobux(wall.maxCredit)} / postback
          </span>
          {wall.postbackScheme !== 'none' && <AllowListBadge addresses={wall.allowedIps} />}
        </div>
        <PostbackUrlField
          wallName={wall.name}
          url={wall.postbackUrl}
          secretInside={wall.postbackScheme === 'adgate'}
        />
      </td>
      <td className={cn(cellClass, 'w-36 align-top', cardCell)}>
        {canEdit && (
          <div className="flex flex-col items-stretch gap-2 max-sm:flex-row max-sm:flex-wrap">
            <RowButton variant="secondary" aria-label={`Edit ${wall.name}`} onClick={onEdit}>
              <Pencil aria-hidden="true" className="size-3.5" /> Edit
            </RowButton>
            {wall.postbackScheme !== 'none' && (
              <RowButton
                variant="secondary"
                aria-label={`Send a test postback to ${wall.name}`}
                onClick={onTest}
              >
                <Send aria-hidden="true" className="size-3.5" /> Test postback
              </RowButton>
            )}
            <RowButton
              variant={wall.active ? 'danger' : 'secondary'}
              disabled={busy}
              aria-label={`${wall.active ? 'Disable' : 'Enable'} ${wall.name}`}
              onClick={onToggle}
            >
              {wall.active ? 'Disable' : 'Enable'}
            </RowButton>
          </div>
        )}
      </td>
    </tr>
  );
}

/** Whether the wall's postbacks must come from listed addresses; "Any address" is a warning. */
function AllowListBadge({ addresses }: { addresses: string[] }) {
  if (addresses.length === 0) {
    return (
      <span title="Any address may send postbacks for this wall: only the signature protects it.">
        <Badge tone="amber">Any address</Badge>
      </span>
    );
  }
  return (
    <span title={addresses.join('\n')}>
      <Badge tone="green">
        {addresses.length === 1 ? '1 allowed address' : `${addresses.length} allowed addresses`}
      </Badge>
    </span>
  );
}
