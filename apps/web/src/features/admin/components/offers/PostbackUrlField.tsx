import { Copy } from 'lucide-react';
import { toastError, toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { RowButton } from '@/components/ui/DataTable';
import { copyText } from '../copyText';

/**
 * The URL to paste into the provider's dashboard, read-only (it wraps inside its box and scrolls
 * when long), with a Copy button. AdGate's carries the wall's secret.
 */
export function PostbackUrlField({
  wallName,
  url,
  secretInside,
}: {
  wallName: string;
  url: string;
  secretInside: boolean;
}) {
  if (!url) return <p className="text-xs text-slate-500">{m.admin_setup_no_postbacks_accepted()}</p>;

  function onCopy() {
    copyText(url).then(
      () =>
        toastSuccess(
          m.admin_setup_postback_url_copied(),
          m.admin_setup_postback_url_paste({ wall: wallName }),
        ),
      (err: unknown) => toastError(err, m.admin_setup_postback_url_copy_failed()),
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold text-slate-400">{m.admin_setup_postback_url_heading()}</span>
        <RowButton
          variant="secondary"
          className="h-7 shrink-0 px-2.5 text-xs"
          aria-label={m.admin_setup_postback_url_copy_label({ wall: wallName })}
          onClick={onCopy}
        >
          <Copy aria-hidden="true" className="size-3.5" /> {m.admin_setup_copy()}
        </RowButton>
      </div>
      <textarea
        readOnly
        value={url}
        rows={3}
        spellCheck={false}
        aria-label={m.admin_setup_postback_url_of({ wall: wallName })}
        onFocus={(e) => e.currentTarget.select()}
        className="w-full min-w-0 resize-y rounded-lg border border-slate-700 bg-slate-950/60 px-2.5 py-1.5 font-mono text-xs leading-relaxed break-all text-slate-200 focus:border-emerald-400 focus:outline-none"
      />
      {secretInside && <p className="text-amber-300">{m.admin_setup_postback_url_secret_inside()}</p>}
    </div>
  );
}
