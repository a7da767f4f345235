import { isRouteErrorResponse, useRouteError } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { SITE_NAME } from '@/config/site';
import { m } from '@/paraglide/messages.js';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : m.app_error_unknown();
}

/** Shown when a route fails to render or its code fails to load. Self-contained: the shell may be what broke. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-950 px-4">
      <title>{`${m.app_error_title()} · ${SITE_NAME}`}</title>
      <div className="w-full max-w-lg rounded-2xl border border-rose-500/30 bg-slate-900 p-8 text-center shadow-2xl">
        <TriangleAlert aria-hidden="true" className="mx-auto size-12 text-rose-400" />
        <h1 className="mt-4 text-2xl font-extrabold text-white">{m.app_error_heading()}</h1>
        <p className="mt-3 rounded-lg bg-slate-950/70 px-4 py-3 font-mono text-sm break-words text-rose-200">
          {describe(error)}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="h-11 rounded-xl bg-emerald-400 px-5 text-sm font-semibold text-slate-950 hover:bg-emerald-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400"
          >
            {m.app_error_reload()}
          </button>
          <a
            href="/"
            className="inline-flex h-11 items-center rounded-xl border border-slate-700 px-5 text-sm font-semibold text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-400"
          >
            {m.app_error_home()}
          </a>
        </div>
      </div>
    </main>
  );
}
