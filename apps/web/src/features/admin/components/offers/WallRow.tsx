import { Pencil, Send } from 'lucide-react';
import { formatCount, formatReward, formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/Badge';
import { RowButton } from '@/components/ui/DataTable';
import { cellClass } from '@/components/ui/table-styles';
import { useCan } from '../../api/me';
import type { AdminWall } from '../../api/offers';
import { PostbackUrlField } from './PostbackUrlField';
import { cardCell, cardRow } from './mobileCards';
import { amountLabel, frameParamLabel, schemeName } from './schemes';
import { WallLogo } from './WallLogo';

export const wallColumns = () => [
  m.admin_setup_column_wall(),
  m.admin_setup_column_postbacks(),
  { label: m.admin_setup_column_actions(), hidden: true },
];

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
              {wall.kind === 'offerwall' ? m.admin_setup_kind_offerwall() : m.admin_setup_kind_survey()}
              {wall.active ? (
                <Badge tone="green">{m.admin_setup_status_active()}</Badge>
              ) : (
                <Badge tone="slate">{m.admin_setup_status_disabled()}</Badge>
              )}
            </div>
          </div>
        </div>
        <div className="mt-3 text-xs">
          <p className="font-semibold text-slate-400">{m.admin_setup_frame_url()}</p>
          {wall.iframeTemplate ? (
            <code className="line-clamp-2 font-mono break-all text-slate-300" title={wall.iframeTemplate}>
              {wall.iframeTemplate}
            </code>
          ) : (
            <span className="text-slate-500">{m.admin_setup_coming_soon()}</span>
          )}
          <Readiness wall={wall} />
        </div>
      </td>
      <td className={cn(cellClass, 'min-w-72 align-top text-xs text-slate-300', cardCell)}>
        <div className="mb-2.5 flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <span className="font-semibold text-white">{schemeName(wall.postbackScheme)}</span>
          <span className="text-slate-400">
            {wall.amountMode === 'usd_rate'
              ? m.admin_setup_rate_per_usd({ rate: formatReward(wall.rate) })
              : amountLabel(wall.amountMode)}
          </span>
          <span className={wall.hasSecret ? 'text-emerald-300' : 'text-amber-300'}>
            {wall.hasSecret ? m.admin_setup_secret_set() : m.admin_setup_no_secret()}
          </span>
          <span className="whitespace-nowrap text-slate-400">
            {m.admin_setup_max_per_postback({ amount: formatRobux(wall.maxCredit) })}
          </span>
          {wall.postbackScheme !== 'none' && (
            <AllowListBadge addresses={wall.allowedIps} anyAddress={wall.anyAddress} />
          )}
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
            <RowButton
              variant="secondary"
              aria-label={m.admin_setup_edit_named({ name: wall.name })}
              onClick={onEdit}
            >
              <Pencil aria-hidden="true" className="size-3.5" /> {m.admin_setup_edit()}
            </RowButton>
            {wall.postbackScheme !== 'none' && (
              <RowButton
                variant="secondary"
                aria-label={m.admin_setup_send_test_postback_to({ wall: wall.name })}
                onClick={onTest}
              >
                <Send aria-hidden="true" className="size-3.5" /> {m.admin_setup_test_postback()}
              </RowButton>
            )}
            <RowButton
              variant={wall.active ? 'danger' : 'secondary'}
              disabled={busy}
              aria-label={
                wall.active
                  ? m.admin_setup_disable_named({ name: wall.name })
                  : m.admin_setup_enable_named({ name: wall.name })
              }
              onClick={onToggle}
            >
              {wall.active ? m.admin_setup_disable() : m.admin_setup_enable()}
            </RowButton>
          </div>
        )}
      </td>
    </tr>
  );
}

/** A missing piece of the wall's set-up, as the console names it. */
function missingLabel(item: AdminWall['missing'][number]): string {
  switch (item.what) {
    case 'frame':
      return m.admin_setup_missing_frame();
    case 'providerId':
      return frameParamLabel(item.name);
    case 'postbackSecret':
      return m.admin_setup_missing_secret();
    case 'allowedIps':
      return m.admin_setup_missing_addresses();
  }
}

/**
 * What the wall still needs before players can open it and be credited (the server decides, and
 * its earn page shows "Coming soon" until then), or that it is ready.
 */
function Readiness({ wall }: { wall: AdminWall }) {
  if (wall.missing.length > 0) {
    return (
      <p className="mt-1 text-amber-300" data-missing>
        {m.admin_setup_coming_soon_until({ names: wall.missing.map(missingLabel).join(', ') })}
      </p>
    );
  }
  return (
    <p className="mt-1 text-emerald-300">
      {wall.active ? m.admin_setup_ready_active() : m.admin_setup_ready_disabled()}
    </p>
  );
}

/**
 * Whether the wall's postbacks must come from listed addresses: "Any address" (the operator's
 * choice) is a warning, no address at all refuses every postback.
 */
function AllowListBadge({ addresses, anyAddress }: { addresses: string[]; anyAddress: boolean }) {
  if (addresses.length === 0 && !anyAddress) {
    return (
      <span title={m.admin_setup_addresses_none_warning()}>
        <Badge tone="red">{m.admin_setup_no_address()}</Badge>
      </span>
    );
  }
  if (addresses.length === 0) {
    return (
      <span title={m.admin_setup_addresses_any_warning()}>
        <Badge tone="amber">{m.admin_setup_any_address()}</Badge>
      </span>
    );
  }
  return (
    <span title={addresses.join('\n')}>
      <Badge tone="green">
        {m.admin_setup_allowed_address_count({ n: addresses.length, count: formatCount(addresses.length) })}
      </Badge>
    </span>
  );
}
