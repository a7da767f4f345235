import { UserRound, ListChecks, Wallet } from 'lucide-react';

const steps = [
  { icon: UserRound, title: 'Sign in', text: 'Enter your Roblox username. No password, ever.' },
  {
    icon: ListChecks,
    title: 'Earn',
    text: 'Offers, surveys, a 7-day streak, promo codes, referrals and giveaways.',
  },
  {
    icon: Wallet,
    title: 'Withdraw',
    text: 'Cash out to a gamepass you created and get your Robux instantly.',
  },
];

export function HowItWorks() {
  return (
    <section className="py-16 sm:py-20" aria-labelledby="how-it-works">
      <h2
        id="how-it-works"
        className="text-center text-2xl font-extrabold tracking-tight text-white sm:text-3xl"
      >
        How it works
      </h2>
      <ol className="mt-10 grid gap-6 sm:grid-cols-3">
        {steps.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="relative rounded-2xl border border-slate-800 bg-slate-900/40 p-6">
            <span className="absolute top-5 right-5 rounded-full bg-emerald-400/10 px-2.5 py-1 text-xs font-bold text-emerald-300">
              Step {index + 1}
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
