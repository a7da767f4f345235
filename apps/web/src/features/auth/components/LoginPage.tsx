import { SITE_NAME } from '@/config/site';
import { m } from '@/paraglide/messages.js';
import { useSession } from '@/lib/session';
import { LoginForm } from './LoginForm';
import { RobloxSignInReturn } from './RobloxSignInReturn';
import { SignedInPanel } from './SignedInPanel';

export function LoginPage() {
  const session = useSession();
  return (
    <section className="flex flex-1 items-center justify-center px-4 py-12 sm:py-20">
      <title>{`${m.auth_document_title()} · ${SITE_NAME}`}</title>
      <div className="w-full max-w-md">
        <RobloxSignInReturn />
        {session ? <SignedInPanel session={session} /> : <LoginForm />}
      </div>
    </section>
  );
}
