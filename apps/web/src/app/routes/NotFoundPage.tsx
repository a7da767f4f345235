import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { House } from 'lucide-react';
import { ButtonLink } from '@/components/ui/Button';
import { SITE_NAME } from '@/config/site';
import { m } from '@/paraglide/messages.js';

export function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <section className="flex flex-1 items-center justify-center px-4 py-20">
      <title>{`${m.app_not_found_title()} · ${SITE_NAME}`}</title>
      <div className="text-center">
        <p className="bg-linear-to-b from-emerald-300 to-emerald-600 bg-clip-text text-8xl font-black tracking-tighter text-transparent sm:text-9xl">
          404
        </p>
        <h1 className="mt-4 text-2xl font-extrabold text-white sm:text-3xl">{m.app_not_found_heading()}</h1>
        <p className="mx-auto mt-3 max-w-sm text-slate-400">{m.app_not_found_text()}</p>
        <ButtonLink to="/" className="mt-8">
          <House aria-hidden="true" className="size-4" /> {m.app_not_found_home()}
        </ButtonLink>
      </div>
    </section>
  );
}
