import type { LevelStatus } from '@rewards/contracts';
import { Card } from '@/components/ui/Card';
import { LevelProgress } from '@/components/level/LevelProgress';
import { formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';

/** The player's level and the way to the next one, what counts toward it, and the next reward. */
export function LevelCard({ status }: { status: LevelStatus }) {
  return (
    <Card className="flex flex-col gap-3 p-5 sm:p-6" data-testid="profile-level">
      <h2 className="text-base font-bold text-white">{m.levels_card_title()}</h2>
      <LevelProgress status={status} />
      <p className="text-sm text-slate-400">{m.levels_explainer()}</p>
      {status.nextReward && (
        <p className="text-sm font-semibold text-emerald-300">
          {m.levels_next_reward({
            level: String(status.nextReward.level),
            amount: formatRobux(status.nextReward.amount),
          })}
        </p>
      )}
    </Card>
  );
}
