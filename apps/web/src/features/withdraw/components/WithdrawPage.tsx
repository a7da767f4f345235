import { Wallet } from 'lucide-react';
import { ROBLOX_FEE_PERCENT } from '@rewards/contracts';
import { Card } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { WithdrawalsList } from './WithdrawalsList';
import { WithdrawForm } from './WithdrawForm';

const steps = [
  'Verify your Roblox profile on the Profile page (once).',
  'On Roblox, create a gamepass in one of your own experiences.',
  'Put it on sale at the price shown beside the amount.',
  'Paste its link here and press Withdraw. We buy the gamepass, and the Robux reach you.',
  'Some withdrawals (a first one, for example) are checked by an admin before they are paid: they show "Under review" until then, and a rejected one goes back to your balance.',
];

export function WithdrawPage() {
  return (
    <>
      <PageHeader
        title="Withdraw Robux"
        description="Cash out your balance to a gamepass you created."
        icon={Wallet}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <WithdrawForm />
        <Card className="p-5 sm:p-7">
          <h2 className="text-lg font-bold text-white">How it works</h2>
          <ol className="mt-4 flex flex-col gap-3">
            {steps.map((step, i) => (
              <li key={step} className="flex gap-3 text-sm text-slate-300">
                <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-400/15 text-xs font-bold text-emerald-300">
                  {i + 1}
                </span>
                <span>{step}</span>
              </li>
            ))}
          </ol>
          <p className="mt-5 rounded-xl border border-slate-800 bg-slate-950/60 p-3.5 text-xs text-slate-400">
            Roblox keeps {ROBLOX_FEE_PERCENT}% of every gamepass sale, so the gamepass must cost a little more
            than the amount you withdraw: price = amount ÷ 0.7, rounded up. Only gamepasses created by your
            own Roblox account are accepted.
          </p>
        </Card>
      </div>
      <div className="mt-6">
        <WithdrawalsList />
      </div>
    </>
  );
}
