import { ROBLOX_FEE_PERCENT, type WithdrawalMethod } from '@rewards/contracts';
import { Card } from '@/components/ui/Card';
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
    <section className="mt-5 first-of-type:mt-4">
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
 * The withdraw page's instructions for the methods the operator offers. A first withdrawal's review
 * is promised only when the site holds one for review (`firstReviewed`, REVIEW_FIRST_WITHDRAWAL).
 */
export function HowItWorks({
  methods,
  firstReviewed,
}: {
  methods: readonly WithdrawalMethod[];
  firstReviewed: boolean;
}) {
  const gamepass = methods.includes('gamepass');
  const group = methods.includes('group');
  const both = gamepass && group;
  return (
    <Card className="p-5 sm:p-7">
      <h2 className="text-lg font-bold text-white">{m.withdraw_how_it_works()}</h2>
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
    </Card>
  );
}
