import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ShieldAlert } from 'lucide-react';
import { useSiteConfig } from '@/lib/site-config';
import { m } from '@/paraglide/messages.js';

/**
 * Cloudflare Turnstile on sign-in and claims, shown only when the server names a site key
 * (`GET /api/config`; TURNSTILE_SITE_KEY). The widget's script is Cloudflare's, loaded on first use;
 * the server checks each token with Cloudflare. A token works once, so forms call `reset()` after
 * every call. (Plain strings here, not @rewards/contracts' constants: importing those would pull the
 * schemas chunk into the sign-in page.)
 */
export const HUMAN_CHECK_HEADER = 'X-Turnstile-Token';
/** What a form says when it is sent before the check handed a token, in the player's language. */
export const humanCheckMissingMessage = (): string => m.ui_human_check_missing();
const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

type Action = 'login' | 'daily' | 'promo';

interface TurnstileApi {
  render(
    element: HTMLElement,
    options: {
      sitekey: string;
      action: string;
      theme: 'dark' | 'light' | 'auto';
      size?: 'normal' | 'flexible' | 'compact';
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let scriptLoad: Promise<TurnstileApi> | null = null;

function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  scriptLoad ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('no turnstile')));
    script.onerror = () => {
      scriptLoad = null;
      script.remove();
      reject(new Error('turnstile script failed to load'));
    };
    document.head.append(script);
  });
  return scriptLoad;
}

export interface HumanCheck {
  /** The site asks for the check (false while its settings load, and when it is off). */
  enabled: boolean;
  /** Headers for the call: the token, when there is one. */
  headers: Record<string, string>;
  /** False when the check is on and the widget has not handed a token yet. */
  ready: boolean;
  /** A token is used up by the call that carried it: ask the widget for a new one. */
  reset(): void;
  /** The widget (null when the check is off). */
  widget: ReactNode;
}

/** The human check of one form; `action` tells Cloudflare which call the token is for. */
export function useHumanCheck(action: Action): HumanCheck {
  const config = useSiteConfig();
  const siteKey = config.data?.turnstileSiteKey ?? null;
  const [token, setToken] = useState<string | null>(null);
  const [resets, setResets] = useState(0);
  const reset = useCallback(() => {
    setToken(null);
    setResets((n) => n + 1);
  }, []);
  return {
    enabled: Boolean(siteKey),
    headers: token ? { [HUMAN_CHECK_HEADER]: token } : {},
    ready: !siteKey || token !== null,
    reset,
    widget: siteKey ? (
      <TurnstileWidget siteKey={siteKey} action={action} resets={resets} onToken={setToken} />
    ) : null,
  };
}

function TurnstileWidget({
  siteKey,
  action,
  resets,
  onToken,
}: {
  siteKey: string;
  action: Action;
  resets: number;
  onToken: (token: string | null) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadTurnstile().then(
      (turnstile) => {
        if (cancelled || !box.current) return;
        setShown(true);
        widgetId.current = turnstile.render(box.current, {
          sitekey: siteKey,
          action,
          theme: 'dark',
          size: 'flexible',
          callback: (token) => {
            setProblem(null);
            onToken(token);
          },
          'expired-callback': () => onToken(null),
          'error-callback': () => {
            onToken(null);
            setProblem(m.ui_human_check_problem());
          },
        });
      },
      () => {
        if (!cancelled) {
          setProblem(m.ui_human_check_no_load());
        }
      },
    );
    return () => {
      cancelled = true;
      if (widgetId.current && window.turnstile) window.turnstile.remove(widgetId.current);
      widgetId.current = null;
    };
  }, [siteKey, action, onToken]);

  useEffect(() => {
    if (resets > 0 && widgetId.current && window.turnstile) window.turnstile.reset(widgetId.current);
  }, [resets]);

  return (
    <div data-testid="human-check" className="flex min-h-[65px] flex-col gap-2">
      <div ref={box} />
      {!shown && !problem && <p className="text-sm text-slate-400">{m.ui_human_check_loading()}</p>}
      {problem && (
        <p role="alert" className="flex items-start gap-2 text-sm text-amber-200">
          <ShieldAlert aria-hidden="true" className="mt-px size-4 shrink-0 text-amber-300" />
          {problem}
        </p>
      )}
    </div>
  );
}
