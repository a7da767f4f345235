import { Link } from 'react-router';
import { SITE_NAME } from '@/config/site';
import { m } from '@/paraglide/messages.js';

/** Logo mark and site name, linking home. */
export function Brand() {
  return (
    <Link
      to="/"
      className="group flex items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-emerald-400"
    >
      <span
        aria-hidden="true"
        className="inline-flex size-9 items-center justify-center rounded-xl bg-linear-to-br from-emerald-300 to-emerald-500 text-sm font-black tracking-tighter text-slate-950 shadow-lg shadow-emerald-500/30 transition-transform group-hover:-rotate-6"
      >
        R$
      </span>
      <span className="text-base font-black tracking-tight text-white sm:text-lg">
        RBX<span className="text-emerald-400">Rewards</span>
        <span className="sr-only">{` (${m.app_brand_home({ site: SITE_NAME })})`}</span>
      </span>
    </Link>
  );
}
