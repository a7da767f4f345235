import './zod-csp';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { applyDocumentLocale, currentLocale } from './lib/i18n';
import { App } from './app/App';
import { loadRoutesFor } from './app/router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

applyDocumentLocale();

function start(root: HTMLElement) {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // The build renders a few pages into their HTML (vite.config.ts, prerender): such a page is
  // hydrated when it was written in the player's language and has no query string (a referral or a
  // sign-in return renders differently); anything else is rendered afresh, replacing the HTML's.
  // Either runs as a transition: React works in slices and lets the browser answer taps and paint
  // between them, where one long task would hold a page that is already on screen.
  startTransition(() => {
    if (root.dataset.prerendered === currentLocale() && !window.location.search) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

// The page's route chunks first (preloaded by its HTML), so the first render is the page itself. On
// a failed load the router tries again and shows its error page.
void loadRoutesFor(window.location.pathname).then(
  () => start(container),
  () => start(container),
);

// The service worker only shows an offline page when a page cannot load (public/sw.js); the site
// works the same where it cannot register.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => {}));
}
