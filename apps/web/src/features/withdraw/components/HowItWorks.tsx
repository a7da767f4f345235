import { ROBLOX_FEE_PERCENT, REGIONAL_PRICING_STEPS, type WithdrawalMethod } from '@rewards/contracts';
import { Card } from '@/components/ui/Card';
import { METHOD_LABELS } from './method-labels';

const VERIFY_STEP = 'Verify your Roblox profile on the Profile page (once).';
const REVIEW_NOTE =
  'Some withdrawals (a first one, for example) are checked by an admin before they are paid: they show "Under review" until then, and a rejected one goes back to your balance.';

const GAMEPASS_STEPS = [
  'On Roblox, create a gamepass in one of your own experiences.',
  'Put it on sale at the price shown beside the amount.',
  `Switch regional pricing off for it before you withdraw: Roblox turns it on for every pass and may then sell it to us for less, so we refuse it. ${REGIONAL_PRICING_STEPS}`,
  'Paste its link here and press Withdraw. We buy the gamepass; the Robux reach you as pending sales on Roblox and become available after several days.',
];

const GROUP_STEPS = [
  'Join our group on Roblox (the form links to it). Roblox lets new members receive group payouts only after about two weeks.',
  `Choose "${METHOD_LABELS.group}", enter the amount and press Withdraw. Our group sends exactly that amount to your Roblox balance: no fee, no pending days.`,
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

/** The withdraw page's instructions for the methods the operator offers. */
export function HowItWorks({ methods }: { methods: readonly WithdrawalMethod[] }) {
  const gamepass = methods.includes('gamepass');
  const group = methods.includes('group');
  const both = gamepass && group;
  return (
    <Card className="p-5 sm:p-7">
      <h2 className="text-lg font-bold text-white">How it works</h2>
      {gamepass && (
        <Steps title={both ? METHOD_LABELS.gamepass : undefined} steps={[VERIFY_STEP, ...GAMEPASS_STEPS]} />
      )}
      {group && (
        <Steps
          title={both ? METHOD_LABELS.group : undefined}
          steps={both ? GROUP_STEPS : [VERIFY_STEP, ...GROUP_STEPS]}
        />
      )}
      <p className="mt-5 text-sm text-slate-300">{REVIEW_NOTE}</p>
      {gamepass && (
        <p className="mt-5 rounded-xl border border-slate-800 bg-slate-950/60 p-3.5 text-xs text-slate-400">
          Roblox keeps {ROBLOX_FEE_PERCENT}% of every gamepass sale, so the gamepass must cost a little more
          than the amount you withdraw: price = amount ÷ 0.7, rounded up. Only gamepasses created by your own
          Roblox account are accepted.
        </p>
      )}
    </Card>
  );
}
