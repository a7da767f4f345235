import { LogOut, ShieldUser, UserRound } from 'lucide-react';
import { Avatar } from '@/components/ui/Avatar';
import { Button, ButtonLink } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { ApiError } from '@/lib/api-client';
import { useLogout } from '@/lib/logout';
import { useSession } from '@/lib/session';
import { errorMessage } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { useProfile } from '../api/profile';
import { DataPanel } from './DataPanel';
import { DeleteAccountPanel } from './DeleteAccountPanel';
import { LevelCard } from './LevelCard';
import { ProfileStats } from './ProfileStats';
import { ProtectionPanel } from './ProtectionPanel';
import { SessionsPanel } from './SessionsPanel';
import { VerifiedBadge, VerifyPanel } from './VerifyPanel';
import { paths } from '@/config/paths';

/** "Error: …" with the status (spec §8, Profile). */
function loadError(err: unknown): string {
  const message = errorMessage(err);
  return err instanceof ApiError && err.status > 0
    ? m.profile_load_error_status({ message, status: String(err.status) })
    : m.profile_load_error({ message });
}

export function ProfilePage() {
  const session = useSession();
  const logout = useLogout();
  const { data: profile, error, isPending, isError } = useProfile();
  const username = session?.username ?? '';

  let body;
  if (isPending) {
    body = (
      <Card className="flex justify-center p-12">
        <Spinner label={m.profile_loading()} className="size-7 text-emerald-300" />
      </Card>
    );
  } else if (isError) {
    body = (
      <Card role="alert" className="border-rose-500/40 p-6 text-rose-200">
        {loadError(error)}
      </Card>
    );
  } else if (!profile) {
    body = <Card className="p-6 text-slate-300">{m.profile_no_data()}</Card>;
  } else {
    body = (
      <div className="flex flex-col gap-6">
        <Card className="flex flex-col items-center gap-4 p-5 text-center sm:flex-row sm:p-6 sm:text-left">
          <Avatar robloxId={profile.robloxId} name={profile.username} size="lg" />
          <div className="min-w-0 flex-1">
            <p className="text-xl font-extrabold tracking-tight break-all text-white">{profile.username}</p>
            <p className="mt-0.5 text-sm text-slate-400">
              {m.profile_roblox_id({ id: String(profile.robloxId) })}
            </p>
          </div>
          <VerifiedBadge verified={profile.verified} />
        </Card>
        <LevelCard status={profile.level} />
        <ProfileStats profile={profile} />
        <VerifyPanel profile={profile} username={username} />
        <ProtectionPanel profile={profile} username={username} />
        <SessionsPanel />
        <DataPanel />
        <DeleteAccountPanel />
      </div>
    );
  }

  return (
    <>
      <PageHeader title={m.profile_title()} description={m.profile_description()} icon={UserRound}>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to={paths.admin} variant="secondary" className="flex-1 sm:flex-none">
            <ShieldUser aria-hidden="true" className="size-4" /> {m.profile_admin_login()}
          </ButtonLink>
          <Button variant="danger" onClick={logout} className="flex-1 sm:flex-none">
            <LogOut aria-hidden="true" className="size-4" /> {m.profile_logout()}
          </Button>
        </div>
      </PageHeader>
      {body}
    </>
  );
}
