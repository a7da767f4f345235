import { CardSpinner } from '@/components/ui/CardStates';
import { Panel } from '@/components/ui/Panel';
import { useAdminMe } from '../../api/me';
import { SectionError, retryFailed } from '../SectionError';
import { roleLabel } from '../staff/roles';
import { ChangePasswordPanel } from './ChangePasswordPanel';
import { TwoFactorPanel } from './TwoFactorPanel';

/**
 * The signed-in member's own account: password and two-factor sign-in. The ADMIN_PASSWORD sign-in
 * has neither (it is a setting, not an account), so it is told how to get a staff account instead.
 */
export function MyAccountSection() {
  const me = useAdminMe();
  if (me.isPending) return <CardSpinner label="Loading your account" />;
  if (!me.data) return <SectionError error={me.error} onRetry={retryFailed(me)} />;
  const { username, role, bootstrap, totpEnabled } = me.data;

  return (
    <div className="flex flex-col gap-6">
      <Panel>
        <p className="text-sm text-slate-300">
          Signed in as <strong className="font-semibold break-all text-white">{username}</strong> (
          {roleLabel[role]}).
        </p>
        {bootstrap && (
          <p className="mt-2 text-sm text-slate-400" data-testid="bootstrap-note">
            This is the site&apos;s admin password (ADMIN_PASSWORD): it has no password or two-factor sign-in
            to change here. Add yourself as an owner in Staff, sign in with that account, then turn this
            sign-in off with ADMIN_BOOTSTRAP=false.
          </p>
        )}
      </Panel>
      {!bootstrap && (
        <>
          <ChangePasswordPanel />
          <TwoFactorPanel enabled={totpEnabled} />
        </>
      )}
    </div>
  );
}
