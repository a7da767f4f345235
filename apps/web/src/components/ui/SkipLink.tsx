import { m } from '@/paraglide/messages.js';

/** The first stop of the Tab key: straight past the top bar and navigation to the page (`#main`). */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[60] rounded-lg bg-emerald-500 px-4 py-2 font-bold text-slate-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {m.app_skip_to_content()}
    </a>
  );
}
