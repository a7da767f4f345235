import { Tag } from 'lucide-react';
import { gamepassPriceFor, ROBLOX_FEE_PERCENT } from '@rewards/contracts';

/** The price the player's gamepass must have for `robux` to reach them after Roblox's fee. */
export function GamepassPrice({ robux, amountId }: { robux: number | null; amountId: string }) {
  const price = robux === null ? null : gamepassPriceFor(robux);
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-slate-200">Gamepass price to set</span>
      <output
        htmlFor={amountId}
        aria-live="polite"
        className="flex h-12 items-center gap-2 rounded-xl border border-dashed border-emerald-400/40 bg-emerald-400/5 px-4 text-base font-bold text-emerald-100 tabular-nums"
      >
        <Tag aria-hidden="true" className="size-5 text-emerald-300" />
        {price === null ? '—' : `${price} Robux`}
      </output>
    </div>
  );
}

/** The sentence under the amount that explains the price, once an amount is entered. */
export function GamepassPriceHint({ robux }: { robux: number | null }) {
  const price = robux === null ? null : gamepassPriceFor(robux);
  return (
    <p data-testid="gamepass-price" className="-mt-2 text-xs text-slate-400">
      {price === null ? (
        `Roblox keeps ${ROBLOX_FEE_PERCENT}% of every gamepass sale, so the gamepass must cost a little more than the amount: we show its price once you enter an amount.`
      ) : (
        <>
          Set your gamepass price to <strong className="text-emerald-200">{price} Robux</strong>. Roblox keeps{' '}
          {ROBLOX_FEE_PERCENT}% of each sale, so you receive {robux} Robux. Switch regional pricing off for
          it, or Roblox may sell it to us for less.
        </>
      )}
    </p>
  );
}
