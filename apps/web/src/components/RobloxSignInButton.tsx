import { buttonClasses } from '@/components/ui/button-styles';
import { m } from '@/paraglide/messages.js';
import { rememberReturnPath, robloxSignInStartUrl, useRobloxSignInConfig } from '@/lib/roblox-sign-in';

/** The Roblox mark: a tilted square with a square hole. */
function RobloxMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
      <path d="M5.16 1.5 1.5 18.84 18.84 22.5 22.5 5.16 5.16 1.5Zm8.26 13.59-4.51-.96.96-4.51 4.51.96-.96 4.51Z" />
    </svg>
  );
}

/**
 * "Sign in with Roblox": a link to the server's start of the OpenID Connect flow, carrying the
 * browser's `ref`; after the round trip the browser comes back to `returnTo` (default: home). Shown
 * only when the server says it is on.
 */
export function RobloxSignInButton({
  referrer,
  divider = true,
  returnTo,
}: {
  referrer?: string;
  divider?: boolean;
  returnTo?: string;
}) {
  const config = useRobloxSignInConfig();
  if (!config.enabled) return null;
  return (
    <>
      {divider && (
        <p aria-hidden="true" className="flex items-center gap-3 text-xs text-slate-500 uppercase">
          <span className="h-px flex-1 bg-slate-700" />
          {m.auth_or()}
          <span className="h-px flex-1 bg-slate-700" />
        </p>
      )}
      <a
        href={robloxSignInStartUrl(referrer)}
        onClick={() => rememberReturnPath(returnTo)}
        className={buttonClasses('secondary', 'md', 'w-full')}
      >
        <RobloxMark />
        {m.auth_roblox_sign_in()}
      </a>
    </>
  );
}
