import { Shield } from 'lucide-react';
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
      <PageHeader title="Admin Panel" description="Sign in to manage the site." icon={Shield} />
      {session.isPending ? (
        <CardSpinner label="Checking admin session" />
      ) : session.isError ? (
        <div className="mx-auto max-w-md">
          <SectionError
            error={session.error}
            title="Could not check the admin session"
            onRetry={() => void session.refetch()}
          />
        </div>
      ) : (
        <AdminLoginForm />
      )}
    </>
  );
}
