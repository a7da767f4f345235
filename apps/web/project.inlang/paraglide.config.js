// Options of the Paraglide compiler, read by `paraglide-js compile`, the Vite plugin and the web tests'
// set-up (apps/web/src/test/compile-messages.ts). Paths are given by each caller.
export default {
  // The player's choice is kept under `rbx-lang`; a first visit follows the browser's languages.
  strategy: ['localStorage', 'preferredLanguage', 'baseLocale'],
  localStorageKey: 'rbx-lang',
  emitTsDeclarations: true,
  emitReadme: false,
};
