import { CardSpinner } from '@/components/ui/CardStates';
import { Panel } from '@/components/ui/Panel';
import { m } from '@/paraglide/messages.js';
import { useAdminMe } from '../../api/me';
import { SectionError, retryFailed } from '../SectionError';
import { aroundNode } from '../offers/aroundNode';
import { roleLabel } from '../staff/roles';
import { ChangePasswordPanel } from './ChangePasswordPanel';
import { TwoFactorPanel } from './TwoFactorPanel';

/**
 * The signed-in member's own account: password and two-factor sign-in. The ADMIN_PASSWORD sign-in
 * has neither (it is a setting, not an account), so it is told how to get a staff account instead.
 */
export function MyAccountSection() {
  const me = useAdminMe();
  if (me.isPending) return <CardSpinner label={m.admin_setup_account_loading()} />;
  if (!me.data) return <SectionError error={me.error} onRetry={retryFailed(me)} />;
  const { username, role, bootstrap, totpEnabled } = me.data;
  const [before, after] = aroundNode((name) =>
    m.admin_setup_account_signed_in_as({ name, role: roleLabel(role) }),
  );

  return (
    <div className="flex flex-col gap-6">
      <Panel>
        <p className="text-sm text-slate-300">
          {before}
          <strong className="font-semibold break-all text-white">{username}</strong>
          {after}
        </p>
        {bootstrap && (
          <p className="mt-2 text-sm text-slate-400" data-testid="bootstrap-note">
            {m.admin_setup_account_bootstrap_note()}
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
