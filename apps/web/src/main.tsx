import './zod-csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyDocumentLocale } from './lib/i18n';
import { App } from './app/App';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

applyDocumentLocale();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker only shows an offline page when a page cannot load (public/sw.js); the site
// works the same where it cannot register.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => {}));
}
