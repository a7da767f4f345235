import { useSyncExternalStore } from 'react';
import {
  baseLocale,
  extractLocaleFromNavigator,
  isLocale,
  localStorageKey,
  overwriteGetLocale,
  type Locale,
} from '@/paraglide/runtime.js';

export type { Locale };

/** The languages of the menu, each named in itself. */
export const LANGUAGES: ReadonlyArray<{ locale: Locale; name: string; short: string }> = [
  { locale: 'en', name: 'English', short: 'EN' },
  { locale: 'nl', name: 'Nederlands', short: 'NL' },
  { locale: 'fr', name: 'Français', short: 'FR' },
];

function storedLocale(): Locale | undefined {
  try {
    const value = localStorage.getItem(localStorageKey);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined; // storage blocked (private mode, sandboxed frame)
  }
}

// Read once: every message call asks for the locale, and the strategies would read storage each time.
// The build's prerender (src/prerender.tsx) loads this module in Node, where there is no navigator.
let locale: Locale =
  storedLocale() ??
  (typeof navigator === 'undefined' ? undefined : extractLocaleFromNavigator()) ??
  baseLocale;
overwriteGetLocale(() => locale);

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => locale;

/** Sets `<html lang>` for screen readers, hyphenation and the browser's translate offer. */
export function applyDocumentLocale(): void {
  document.documentElement.lang = locale;
}

export function currentLocale(): Locale {
  return locale;
}

/** Switches the language without a reload and keeps the choice (`rbx-lang`) for the next visit. */
export function changeLocale(next: Locale): void {
  if (next === locale) return;
  locale = next;
  try {
    localStorage.setItem(localStorageKey, next);
  } catch {
    // the choice lasts for this visit only
  }
  applyDocumentLocale();
  for (const listener of listeners) listener();
}

/**
 * The current language; the component renders again when it changes. A page prerendered in the
 * build is hydrated only in the language it was written in (main.tsx), so hydration reads the same.
 */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Sets the language of the build's prerender (src/prerender.tsx), which runs outside a browser. */
export function setPrerenderLocale(next: Locale): void {
  locale = next;
}
