import { ChevronDown, CircleHelp } from 'lucide-react';
import { ROBLOX_FEE_PERCENT, type WithdrawalMethod } from '@rewards/contracts';
import { cn } from '@/lib/cn';
import { formatCount, formatReward } from '@/lib/format';
import { m } from '@/paraglide/messages.js';
import { METHOD_LABELS } from './method-labels';

const gamepassSteps = () => [
  m.withdraw_gamepass_step_create(),
  m.withdraw_gamepass_step_price(),
  m.withdraw_gamepass_step_regional(),
  m.withdraw_gamepass_step_paste(),
];

const groupSteps = () => [
  m.withdraw_group_step_join(),
  m.withdraw_group_step_choose({ method: METHOD_LABELS.group() }),
];

function Steps({ title, steps }: { title?: string; steps: readonly string[] }) {
  return (
    <section className="mt-5 first-of-type:mt-1">
      {title && <h3 className="mb-3 text-sm font-semibold text-emerald-200">{title}</h3>}
      <ol className="flex flex-col gap-3">
        {steps.map((step, i) => (
          <li key={step} className="flex gap-3 text-sm text-slate-300">
            <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-400/15 text-xs font-bold text-emerald-300">
              {i + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The withdraw page's instructions for the methods the operator offers, behind a "How does this
 * work?" disclosure (a native `<details>`: a button to screen readers, opened with Enter or Space),
 * so the form and what can be withdrawn come first on a phone. A first withdrawal's review is
 * promised only when the site holds one for review (`firstReviewed`, REVIEW_FIRST_WITHDRAWAL).
 */
export function HowItWorks({
  methods,
  firstReviewed,
  className,
}: {
  methods: readonly WithdrawalMethod[];
  firstReviewed: boolean;
  className?: string;
}) {
  const gamepass = methods.includes('gamepass');
  const group = methods.includes('group');
  const both = gamepass && group;
  return (
    <details
      data-testid="withdraw-how"
      className={cn(
        'group rounded-2xl border border-slate-800 bg-slate-900/70 shadow-xl shadow-black/20 backdrop-blur-sm',
        className,
      )}
    >
      <summary
        className={cn(
          'flex cursor-pointer list-none items-center gap-3 rounded-2xl px-5 py-4 select-none sm:px-7',
          'text-base font-bold text-white hover:bg-slate-800/40 [&::-webkit-details-marker]:hidden',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
        )}
      >
        <CircleHelp aria-hidden="true" className="size-5 shrink-0 text-emerald-300" />
        <span className="flex-1">{m.withdraw_how_it_works()}</span>
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="px-5 pb-5 sm:px-7 sm:pb-7">
        {gamepass && (
          <Steps
            title={both ? METHOD_LABELS.gamepass() : undefined}
            steps={[m.withdraw_step_verify(), ...gamepassSteps()]}
          />
        )}
        {group && (
          <Steps
            title={both ? METHOD_LABELS.group() : undefined}
            steps={both ? groupSteps() : [m.withdraw_step_verify(), ...groupSteps()]}
          />
        )}
        <p className="mt-5 text-sm text-slate-300">
          {firstReviewed ? m.withdraw_review_note() : m.withdraw_review_note_some()}
        </p>
        {gamepass && (
          <p className="mt-5 rounded-xl border border-slate-800 bg-slate-950/60 p-3.5 text-xs text-slate-400">
            {m.withdraw_fee_note({
              fee: formatCount(ROBLOX_FEE_PERCENT),
              factor: formatReward((100 - ROBLOX_FEE_PERCENT) / 100),
            })}
          </p>
        )}
      </div>
    </details>
  );
}
