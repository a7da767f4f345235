import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { forgetPublicResources } from '@/lib/public-resource';

// `findBy…` and `waitFor` wait up to 5 s, not 1: a dialog whose code loads when it opens (a lazy
// chunk) can take longer than a second on a busy machine. A test still fails when it never comes.
configure({ asyncUtilTimeout: 5_000 });

// Each test starts signed out, with no toasts left from the one before and the real `fetch` back.
afterEach(() => {
  cleanup();
  toast.dismiss();
  changeLocale('en');
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  forgetPublicResources();
});
