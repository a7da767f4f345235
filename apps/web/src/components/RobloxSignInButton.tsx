import { buttonClasses } from '@/components/ui/button-styles';
import { m } from '@/paraglide/messages.js';
import { robloxSignInStartUrl, useRobloxSignInConfig } from '../api/roblox-sign-in';

/** The Roblox mark: a tilted square with a square hole. */
function RobloxMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
      <path d="M5.16 1.5 1.5 18.84 18.84 22.5 22.5 5.16 5.16 1.5Zm8.26 13.59-4.51-.96.96-4.51 4.51.96-.96 4.51Z" />
    </svg>
  );
}

/**
 * "Sign in with Roblox": a link to the server's start of the OpenID Connect flow, carrying the page's
 * `ref`. Shown only when the server says it is on.
 */
export function RobloxSignInButton({ referrer, divider = true }: { referrer?: string; divider?: boolean }) {
  const config = useRobloxSignInConfig();
  if (!config.data?.enabled) return null;
  return (
    <>
      {divider && (
        <p aria-hidden="true" className="flex items-center gap-3 text-xs text-slate-500 uppercase">
          <span className="h-px flex-1 bg-slate-700" />
          {m.auth_or()}
          <span className="h-px flex-1 bg-slate-700" />
        </p>
      )}
      <a href={robloxSignInStartUrl(referrer)} className={buttonClasses('secondary', 'md', 'w-full')}>
        <RobloxMark />
        {m.auth_roblox_sign_in()}
      </a>
    </>
  );
}
