import { Spinner } from '@/components/ui/Spinner';

/** Shown while the first page's code loads. */
export function HydrateFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-950 text-emerald-400">
      <Spinner className="size-8" label="Loading RBXRewards" />
    </div>
  );
}
