import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';

// Each test starts signed out, with no toasts left from the one before and the real `fetch` back.
afterEach(() => {
  cleanup();
  toast.dismiss();
  changeLocale('en');
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
