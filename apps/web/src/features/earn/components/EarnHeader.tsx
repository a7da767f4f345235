import { Avatar } from '@/components/ui/Avatar';
import { SITE_NAME } from '@/config/site';
import { m } from '@/paraglide/messages.js';
import type { Session } from '@/lib/session';

/** "Welcome back" with the player's name and avatar (spec §2, Earn). */
export function EarnHeader({ session }: { session: Session }) {
  return (
    <header className="mb-8 flex items-center gap-4 sm:gap-5">
      <title>{`${m.earn_document_title()} · ${SITE_NAME}`}</title>
      <Avatar robloxId={session.robloxId} name={session.username} size="lg" />
      <div className="min-w-0">
        <h1 className="text-2xl font-extrabold tracking-tight text-white sm:text-3xl">
          {m.earn_welcome_back()} <span className="wrap-break-word text-emerald-300">{session.username}</span>
        </h1>
        <p className="mt-1 text-slate-400">{m.earn_pitch()}</p>
      </div>
    </header>
  );
}
