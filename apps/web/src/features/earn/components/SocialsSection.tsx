import type { SocialEntry } from '@rewards/contracts';
import {
  AtSign,
  CircleCheck,
  CirclePlay,
  MessagesSquare,
  Music2,
  Share2,
  type LucideIcon,
} from 'lucide-react';
import { toast } from 'sonner';
import { m } from '@/paraglide/messages.js';
import { ApiError } from '@/lib/api-client';
import { notifyBalanceUpdated } from '@/lib/balance';
import { cn } from '@/lib/cn';
import { formatRobux } from '@/lib/format';
import { toastError } from '@/lib/toast';
import { useClaimSocial, useSocials } from '../api/socials';
import { SOCIALS_ANCHOR } from './FirstStepsGuide';
import { SectionHeading } from './SectionHeading';

const icons: Record<string, LucideIcon> = {
  youtube: CirclePlay,
  tiktok: Music2,
  discord: MessagesSquare,
  x: AtSign,
};

const socialGrid = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4';

function SocialCard({ social, busy, onClick }: { social: SocialEntry; busy: boolean; onClick: () => void }) {
  const Icon = icons[social.id] ?? Share2;
  return (
    <button
      type="button"
      data-testid={`social-${social.id}`}
      onClick={onClick}
      disabled={busy}
      className={cn(
        'group flex h-full w-full items-center gap-3 rounded-2xl border p-4 text-left transition-colors duration-150',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400 disabled:cursor-wait',
        social.claimed
          ? 'border-slate-800/70 bg-slate-900/40'
          : 'border-slate-800 bg-slate-900/70 hover:border-emerald-400/50 hover:bg-slate-900',
      )}
    >
      <span
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-white ring-1 ring-white/15"
        style={{ backgroundColor: social.color }}
      >
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-bold text-white">{social.name}</span>
        {social.claimed ? (
          <span className="inline-flex items-center gap-1 text-sm font-semibold text-slate-400">
            <CircleCheck aria-hidden="true" className="size-4 text-emerald-400" />
            {m.earn_social_claimed()}
          </span>
        ) : (
          <span className="text-sm font-bold text-emerald-300">
            {formatRobux(social.reward, { sign: true })}
          </span>
        )}
      </span>
    </button>
  );
}

/** SOCIALS: each opens its page in a new tab and is credited once (+R$1.5). */
export function SocialsSection() {
  const { data, isPending, isError } = useSocials();
  const claim = useClaimSocial();

  function onClick(social: SocialEntry) {
    // Opened first, inside the click, so that no popup blocker steps in.
    window.open(social.url, '_blank', 'noopener');
    if (social.claimed) return;
    claim.mutate(social.id, {
      onSuccess: (result) => {
        toast.success(m.earn_social_added({ amount: formatRobux(result.amount, { sign: true }) }), {
          description: m.earn_social_thanks({ name: social.name }),
        });
        notifyBalanceUpdated();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 409) return; // already claimed: the card turns to Claimed
        toastError(err, m.earn_social_claim_failed());
      },
    });
  }

  // The operator set no social link: nothing is offered, so the section is left out.
  if (data?.socials.length === 0) return null;

  return (
    <section id={SOCIALS_ANCHOR} aria-labelledby="socials-heading" className="mb-4 scroll-mt-24">
      <SectionHeading
        id="socials-heading"
        title={m.earn_socials_title()}
        hint={m.earn_socials_hint()}
        icon={Share2}
      />
      {isPending ? (
        <div className={socialGrid} aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="h-20 animate-pulse rounded-2xl border border-slate-800 bg-slate-900/50" />
          ))}
        </div>
      ) : isError || !data ? (
        <p className="rounded-2xl border border-dashed border-slate-800 px-5 py-8 text-center text-sm text-slate-400">
          {m.earn_socials_error()}
        </p>
      ) : (
        <ul className={socialGrid}>
          {data.socials.map((social) => (
            <li key={social.id}>
              <SocialCard
                social={social}
                busy={claim.isPending && claim.variables === social.id}
                onClick={() => onClick(social)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
