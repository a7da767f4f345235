import { useRef } from 'react';
import { Copy, Gift, Info, Link2, UserPlus, Users, Wallet } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { formatCount, formatRobux } from '@/lib/format';
import { useSession } from '@/lib/session';
import { toastError, toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { useReferrals } from '../api/referrals';

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (insecure context, no permission): copy the selected field the old way.
    if (!input) return false;
    input.focus();
    input.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

function StatCard({ label, value, icon: Icon }: { label: string; value: string; icon: typeof Users }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-emerald-400/10 text-emerald-300">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-400">{label}</p>
        <p className="text-2xl font-black tracking-tight text-white tabular-nums sm:text-3xl">{value}</p>
      </div>
    </Card>
  );
}

/** Refer & Earn (spec §2, Affiliates). */
export function AffiliatesPage() {
  const session = useSession();
  const { data, isPending } = useReferrals();
  const inputRef = useRef<HTMLInputElement>(null);
  const username = session?.username ?? '';
  const link = data?.link ?? `${window.location.origin}/login?ref=${encodeURIComponent(username)}`;

  async function onCopy() {
    if (await copyText(link, inputRef.current)) toastSuccess(m.affiliates_copied());
    else toastError(null, m.affiliates_copy_failed(), m.affiliates_copy_failed_hint());
  }

  return (
    <>
      <PageHeader title={m.affiliates_title()} description={m.affiliates_description()} icon={Users} />
      <Card className="mb-6 p-5 sm:p-6">
        <label
          htmlFor="referral-link"
          className="mb-2 flex items-center gap-2 text-sm font-medium text-slate-200"
        >
          <Link2 aria-hidden="true" className="size-4 text-emerald-300" />
          {m.affiliates_link_label()}
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            id="referral-link"
            ref={inputRef}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className="h-12 w-full min-w-0 rounded-xl border border-slate-700 bg-slate-950/60 px-4 font-mono text-sm text-white focus:border-emerald-400 focus:ring-2 focus:ring-emerald-400/30 focus:outline-none sm:flex-1"
          />
          <Button onClick={() => void onCopy()} className="h-12 sm:w-36">
            <Copy aria-hidden="true" className="size-4" /> {m.affiliates_copy()}
          </Button>
        </div>
        <div className="mt-4 flex items-start gap-2 text-sm text-slate-400">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sky-300" />
          <div className="flex flex-col gap-1.5">
            <p>{m.affiliates_minimum()}</p>
            <p data-testid="referral-rules">{m.affiliates_rules()}</p>
          </div>
        </div>
      </Card>

      <div className="mb-8 grid gap-4 sm:grid-cols-2">
        <StatCard
          label={m.affiliates_referrals()}
          value={isPending || !data ? '…' : formatCount(data.referralsMade)}
          icon={UserPlus}
        />
        <StatCard
          label={m.affiliates_earned()}
          value={isPending || !data ? '…' : formatRobux(data.referralsEarned, { cents: 'always' })}
          icon={Wallet}
        />
      </div>

      <Card className="p-5 sm:p-6">
        <h2 className="mb-4 flex items-center gap-2 text-lg font-bold text-white">
          <Gift aria-hidden="true" className="size-5 text-emerald-300" /> {m.affiliates_how_it_works()}
        </h2>
        <ol className="grid gap-4 sm:grid-cols-3">
          {[
            [m.affiliates_step_share_title(), m.affiliates_step_share_text()],
            [m.affiliates_step_verify_title(), m.affiliates_step_verify_text()],
            [m.affiliates_step_bonus_title(), m.affiliates_step_bonus_text()],
          ].map(([title, text], i) => (
            <li key={title} className="rounded-xl border border-slate-800 bg-slate-950/40 p-4">
              <span className="mb-2 inline-flex size-7 items-center justify-center rounded-full bg-emerald-400 text-sm font-black text-slate-950">
                {i + 1}
              </span>
              <p className="font-semibold text-white">{title}</p>
              <p className="mt-1 text-sm text-slate-400">{text}</p>
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}
