import { UserRound, ListChecks, Wallet } from 'lucide-react';
import type { LandingResponse } from '@rewards/contracts';
import { formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';

/** What withdrawing takes on this site: its minimum, a first withdrawal's review, Roblox's pending days. */
function withdrawText(landing: LandingResponse | undefined): string {
  // Until the site's settings arrive (or when they cannot), only what is true whatever they are.
  if (!landing) return m.landing_step_withdraw_generic();
  return [
    m.landing_step_withdraw_text({ amount: formatRobux(landing.offer.minWithdrawal) }),
    landing.firstWithdrawalReviewed ? m.landing_step_withdraw_review() : '',
    landing.payoutMethods.includes('gamepass') ? m.landing_step_withdraw_pending() : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function HowItWorks({ landing }: { landing: LandingResponse | undefined }) {
  const steps = [
    { icon: UserRound, title: m.landing_step_sign_in(), text: m.landing_step_sign_in_text() },
    { icon: ListChecks, title: m.landing_step_earn(), text: m.landing_step_earn_text() },
    { icon: Wallet, title: m.landing_step_withdraw(), text: withdrawText(landing) },
  ];
  return (
    <section className="py-16 sm:py-20" aria-labelledby="how-it-works">
      <h2
        id="how-it-works"
        className="text-center text-2xl font-extrabold tracking-tight text-white sm:text-3xl"
      >
        {m.landing_how_title()}
      </h2>
      <ol className="mt-10 grid gap-6 sm:grid-cols-3">
        {steps.map(({ icon: Icon, title, text }, index) => (
          <li key={index} className="relative rounded-2xl border border-slate-800 bg-slate-900/40 p-6">
            <span className="absolute top-5 right-5 rounded-full bg-emerald-400/10 px-2.5 py-1 text-xs font-bold text-emerald-300">
              {m.landing_step({ number: String(index + 1) })}
            </span>
            <Icon aria-hidden="true" className="size-7 text-emerald-400" />
            <h3 className="mt-4 text-lg font-bold text-white">{title}</h3>
            <p className="mt-1.5 text-sm text-slate-400">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
