import type { FirstStep, FirstStepsResponse } from '@rewards/contracts';
import {
  BadgeCheck,
  CalendarCheck,
  Check,
  ChevronRight,
  ListChecks,
  Share2,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatCount, formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';

/** The id of the socials section on this page, where the social step leads. */
export const SOCIALS_ANCHOR = 'socials';

const stepLook: Record<FirstStep['id'], { icon: LucideIcon; title: () => string; to: string }> = {
  daily: { icon: CalendarCheck, title: m.earn_first_steps_daily, to: paths.daily },
  social: { icon: Share2, title: m.earn_first_steps_social, to: `#${SOCIALS_ANCHOR}` },
  verify: { icon: BadgeCheck, title: m.earn_first_steps_verify, to: paths.profile },
  withdraw: { icon: Wallet, title: m.earn_first_steps_withdraw, to: paths.withdraw },
};

/** "R$ 3 of R$ 5" and a bar toward the minimum withdrawal; "Ready to withdraw" once there. */
function WithdrawProgress({ step }: { step: Extract<FirstStep, { id: 'withdraw' }> }) {
  if (step.done) return <span className="block text-xs text-emerald-300">{m.earn_first_steps_ready()}</span>;
  const balance = Math.max(0, step.balance);
  const share = step.minimum > 0 ? Math.min(1, balance / step.minimum) : 1;
  return (
    <>
      <span className="block text-xs text-slate-400" data-testid="first-steps-withdraw-progress">
        {m.earn_first_steps_progress({ balance: formatRobux(balance), minimum: formatRobux(step.minimum) })}
      </span>
      <span aria-hidden="true" className="mt-1 block h-1 overflow-hidden rounded-full bg-slate-800">
        <span className="block h-full rounded-full bg-emerald-400" style={{ width: `${share * 100}%` }} />
      </span>
    </>
  );
}

function StepLink({ step }: { step: FirstStep }) {
  const { icon: Icon, title, to } = stepLook[step.id];
  const className = cn(
    'group flex h-full items-center gap-3 rounded-xl border px-3 py-2 transition-colors duration-150',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
    step.done
      ? 'border-slate-800/70 bg-slate-900/40 hover:border-slate-700'
      : 'border-slate-800 bg-slate-950/40 hover:border-emerald-400/50 hover:bg-slate-900',
  );
  const content = (
    <>
      <span
        className={cn(
          'inline-flex size-8 shrink-0 items-center justify-center rounded-lg ring-1',
          step.done
            ? 'bg-emerald-400/15 text-emerald-300 ring-emerald-400/30'
            : 'bg-slate-800 text-slate-300 ring-slate-700',
        )}
      >
        {step.done ? (
          <Check aria-hidden="true" className="size-4" strokeWidth={3} />
        ) : (
          <Icon aria-hidden="true" className="size-4" />
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm font-semibold', step.done ? 'text-slate-400' : 'text-white')}>
          {title()}
          <span className="sr-only">
            {' '}
            ({step.done ? m.earn_first_steps_done() : m.earn_first_steps_todo()})
          </span>
        </span>
        {step.id === 'withdraw' && <WithdrawProgress step={step} />}
      </span>
      <ChevronRight
        aria-hidden="true"
        className="size-4 shrink-0 text-slate-500 transition-colors group-hover:text-emerald-300"
      />
    </>
  );
  const shared = { className, 'data-testid': `first-step-${step.id}`, 'data-done': String(step.done) };
  // The socials are further down this page: a plain in-page link, which the browser scrolls to.
  return step.id === 'social' ? (
    <a href={to} {...shared}>
      {content}
    </a>
  ) : (
    <Link to={to} {...shared}>
      {content}
    </Link>
  );
}

/**
 * A new player's first steps on the earn page: claim a daily reward, follow a social, verify the
 * profile, reach the first withdrawal. The server ticks them (`useFirstSteps`, asked by the page);
 * the guide is gone once it says so, and stays out of the way while loading or when it cannot be read.
 */
export function FirstStepsGuide({
  data,
  className,
}: {
  data: FirstStepsResponse | undefined;
  className?: string;
}) {
  if (!data || data.done) return null;
  const done = data.steps.filter((s) => s.done).length;
  return (
    <section
      aria-labelledby="first-steps-title"
      data-testid="first-steps"
      className={cn('rounded-2xl border border-emerald-400/20 bg-slate-900/70 p-4 sm:p-5', className)}
    >
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="first-steps-title" className="flex items-center gap-2 text-sm font-bold text-white">
          <ListChecks aria-hidden="true" className="size-4 text-emerald-400" />
          {m.earn_first_steps_title()}
        </h2>
        <p data-testid="first-steps-count" className="text-xs font-semibold text-slate-400">
          {m.earn_first_steps_count({ done: formatCount(done), total: formatCount(data.steps.length) })}
        </p>
      </div>
      <ol className="grid gap-2 sm:grid-cols-2 2xl:grid-cols-4">
        {data.steps.map((step) => (
          <li key={step.id}>
            <StepLink step={step} />
          </li>
        ))}
      </ol>
    </section>
  );
}
