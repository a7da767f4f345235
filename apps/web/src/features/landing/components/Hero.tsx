import { ArrowRight, BadgeCheck, ShieldCheck, UserRoundCheck } from 'lucide-react';
import { ButtonLink } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { m } from '@/paraglide/messages.js';

const badges = [
  { icon: ShieldCheck, text: m.landing_badge_legit },
  { icon: UserRoundCheck, text: m.landing_badge_own_account },
  { icon: BadgeCheck, text: m.landing_badge_no_password },
];

export function Hero() {
  return (
    <section className="relative pt-14 pb-12 text-center sm:pt-24 sm:pb-16">
      <p className="mx-auto mb-6 inline-flex items-center gap-2 rounded-full border border-emerald-400/30 bg-emerald-400/10 px-4 py-1.5 text-xs font-semibold tracking-wide text-emerald-200 uppercase">
        <span className="size-2 animate-pulse rounded-full bg-emerald-400" aria-hidden="true" />
        {m.landing_eyebrow()}
      </p>
      <h1 className="mx-auto max-w-4xl text-4xl leading-[1.05] font-black tracking-tight text-white sm:text-6xl lg:text-7xl">
        <span className="block">{m.landing_headline_1()}</span>
        <span className="block bg-linear-to-r from-emerald-300 via-emerald-400 to-teal-300 bg-clip-text text-transparent">
          {m.landing_headline_2()}
        </span>
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-base text-slate-300 sm:text-lg">{m.landing_pitch()}</p>
      <div className="mt-9 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <ButtonLink to={paths.login} size="lg" className="w-full sm:w-auto">
          {m.landing_cta()} <ArrowRight aria-hidden="true" className="size-5" />
        </ButtonLink>
      </div>
      <ul className="mt-8 flex flex-wrap items-center justify-center gap-x-6 gap-y-3 text-sm text-slate-300">
        {badges.map(({ icon: Icon, text }) => (
          <li key={text()} className="flex items-center gap-2">
            <Icon aria-hidden="true" className="size-4 text-emerald-400" />
            {text()}
          </li>
        ))}
      </ul>
    </section>
  );
}
