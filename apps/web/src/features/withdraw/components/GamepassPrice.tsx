import { Tag } from 'lucide-react';
import { gamepassPriceFor, ROBLOX_FEE_PERCENT } from '@rewards/contracts';
import { formatCount } from '@/lib/format';
import { m } from '@/paraglide/messages.js';

const robuxText = (amount: number) => m.withdraw_robux({ amount: formatCount(amount) });

/** The price the player's gamepass must have for `robux` to reach them after Roblox's fee. */
export function GamepassPrice({ robux, amountId }: { robux: number | null; amountId: string }) {
  const price = robux === null ? null : gamepassPriceFor(robux);
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-slate-200">{m.withdraw_price_to_set()}</span>
      <output
        htmlFor={amountId}
        aria-live="polite"
        className="flex h-12 items-center gap-2 rounded-xl border border-dashed border-emerald-400/40 bg-emerald-400/5 px-4 text-base font-bold text-emerald-100 tabular-nums"
      >
        <Tag aria-hidden="true" className="size-5 text-emerald-300" />
        {price === null ? '—' : robuxText(price)}
      </output>
    </div>
  );
}

/** Stands for the price in the sentence, which is then cut there to set the price in bold. */
const PRICE_MARK = '\u2063';

/**
 * The sentence under the amount that explains the price, once an amount is entered; for an amount
 * outside the bounds, `outOfBounds` (the bounds) instead.
 */
export function GamepassPriceHint({
  robux,
  outOfBounds,
}: {
  robux: number | null;
  outOfBounds?: string | null;
}) {
  const fee = formatCount(ROBLOX_FEE_PERCENT);
  if (outOfBounds) {
    return (
      <p data-testid="gamepass-price" role="status" className="-mt-2 text-xs font-medium text-amber-200">
        {outOfBounds}
      </p>
    );
  }
  if (robux === null) {
    return (
      <p data-testid="gamepass-price" className="-mt-2 text-xs text-slate-400">
        {m.withdraw_price_hint_empty({ fee })}
      </p>
    );
  }
  const price = gamepassPriceFor(robux);
  const [before, after] = m
    .withdraw_price_hint({ price: PRICE_MARK, fee, robux: formatCount(robux) })
    .split(PRICE_MARK);
  return (
    <p data-testid="gamepass-price" className="-mt-2 text-xs text-slate-400">
      {before}
      <strong className="text-emerald-200">{robuxText(price)}</strong>
      {after}
    </p>
  );
}
