import { Languages } from 'lucide-react';
import { m } from '@/paraglide/messages.js';
import { useHydrated } from '@/lib/hydration';
import { changeLocale, LANGUAGES, useLocale, type Locale } from '@/lib/i18n';
import { cn } from '@/lib/cn';

/**
 * The language switch: a native select, so keyboards, screen readers and phones handle it as they
 * handle any list. `compact` shows the two-letter codes (the top bar on a phone has little room).
 */
export function LanguageMenu({ compact = false, className }: { compact?: boolean; className?: string }) {
  const locale = useLocale();
  // In a page the build rendered (decision 0039), a choice made before the app hydrates it would be
  // undone by hydration: the list opens once the app runs.
  const hydrated = useHydrated();
  return (
    <label
      className={cn(
        'relative inline-flex items-center gap-1.5 rounded-lg border border-slate-700/80 bg-slate-900/70 pl-2 text-sm text-slate-200 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-emerald-400 hover:border-slate-600',
        className,
      )}
    >
      <Languages aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
      <span className="sr-only">{m.app_language()}</span>
      <select
        value={locale}
        disabled={!hydrated}
        onChange={(e) => changeLocale(e.target.value as Locale)}
        className="h-9 cursor-pointer appearance-none bg-transparent pr-2 font-semibold outline-none"
      >
        {LANGUAGES.map((l) => (
          <option key={l.locale} value={l.locale} lang={l.locale} className="bg-slate-900">
            {compact ? l.short : l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
