// Zod compiles fast object parsers with `new Function` when it may, and probes for that once. Our
// Content-Security-Policy has no 'unsafe-eval', so the probe is refused and reported as a violation.
// Imported first by main.tsx, so it runs before any schema is built. Zod keeps its global settings in
// `globalThis.__zod_globalConfig` (what `z.config()` writes); setting it here keeps zod itself out of
// the first page's JavaScript (about 3.6 KB gzip).
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(g.__zod_globalConfig ??= {}).jitless = true;
