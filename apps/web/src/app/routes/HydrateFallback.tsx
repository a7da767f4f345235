import { Spinner } from '@/components/ui/Spinner';
import { SITE_NAME } from '@/config/site';
import { m } from '@/paraglide/messages.js';

/** Shown while the first page's code loads. */
export function HydrateFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-950 text-emerald-400">
      <Spinner className="size-8" label={m.app_loading_site({ site: SITE_NAME })} />
    </div>
  );
}
