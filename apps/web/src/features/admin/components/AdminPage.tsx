import { Shield } from 'lucide-react';
import { m } from '@/paraglide/messages.js';
import { PageHeader } from '@/components/ui/PageHeader';
import { CardSpinner } from '@/components/ui/CardStates';
import { useAdminSession } from '../api/session';
import { AdminConsole } from './AdminConsole';
import { AdminLoginForm } from './AdminLoginForm';
import { SectionError } from './SectionError';

/** `/admin`: the password form until the server confirms an admin session, then the console. */
export function AdminPage() {
  const session = useAdminSession();

  if (session.data === true) return <AdminConsole />;

  return (
    <>
      <PageHeader title={m.admin_title()} description={m.admin_page_description()} icon={Shield} />
      {session.isPending ? (
        <CardSpinner label={m.admin_checking_session()} />
      ) : session.isError ? (
        <div className="mx-auto max-w-md">
          <SectionError
            error={session.error}
            title={m.admin_session_check_failed()}
            onRetry={() => void session.refetch()}
          />
        </div>
      ) : (
        <AdminLoginForm />
      )}
    </>
  );
}
