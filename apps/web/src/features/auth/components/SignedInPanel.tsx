import { ArrowRight, LogOut } from 'lucide-react';
import { Avatar } from '@/components/ui/Avatar';
import { Button, ButtonLink } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { useLogout } from '@/lib/logout';
import type { Session } from '@/lib/session';
import { paths } from '@/config/paths';
import { m } from '@/paraglide/messages.js';

/** The login page for a player who is already signed in. */
export function SignedInPanel({ session }: { session: Session }) {
  const logout = useLogout();
  return (
    <Card className="flex flex-col items-center p-8 text-center">
      <Avatar robloxId={session.robloxId} name={session.username} size="xl" />
      <h1 className="mt-5 text-2xl font-extrabold tracking-tight text-white">
        {m.auth_welcome_before()} <span className="wrap-break-word text-emerald-300">{session.username}</span>
        {m.auth_welcome_after()}
      </h1>
      <p className="mt-2 text-sm text-slate-400">{m.auth_signed_in_ready()}</p>
      <div className="mt-7 flex w-full flex-col gap-3 sm:flex-row">
        <ButtonLink to={paths.earn} className="flex-1">
          {m.auth_start_earning()} <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
        <Button variant="secondary" className="flex-1" onClick={logout}>
          <LogOut aria-hidden="true" className="size-4" /> {m.auth_log_out()}
        </Button>
      </div>
    </Card>
  );
}
