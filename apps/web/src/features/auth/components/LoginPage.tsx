import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { m } from '@/paraglide/messages.js';
import { useSession } from '@/lib/session';
import { LoginForm } from './LoginForm';
import { RobloxSignInReturn } from './RobloxSignInReturn';
import { SignedInPanel } from './SignedInPanel';

const linkClass =
  'font-semibold text-emerald-300 underline decoration-emerald-400/40 underline-offset-2 hover:decoration-emerald-300';

export function LoginPage() {
  const session = useSession();
  return (
    <section className="flex flex-1 items-center justify-center px-4 py-12 sm:py-20">
      <title>{`${m.auth_document_title()} · ${SITE_NAME}`}</title>
      <div className="w-full max-w-md">
        <RobloxSignInReturn />
        {session ? <SignedInPanel session={session} /> : <LoginForm />}
        <nav aria-label={m.auth_read_first()} className="mt-5 text-center text-sm text-slate-400">
          {m.auth_read_first()}{' '}
          <Link to={paths.terms} className={linkClass}>
            {m.app_footer_terms()}
          </Link>
          {' · '}
          <Link to={paths.privacy} className={linkClass}>
            {m.app_footer_privacy()}
          </Link>
          {' · '}
          <Link to={paths.help} className={linkClass}>
            {m.app_footer_help_center()}
          </Link>
        </nav>
      </div>
    </section>
  );
}
