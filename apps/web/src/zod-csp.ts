import { z } from 'zod';

// Zod compiles fast object parsers with `new Function` when it may, and probes for that once. Our
// Content-Security-Policy has no 'unsafe-eval', so the probe is refused and reported as a violation.
// Imported first by main.tsx, so it runs before any schema is built.
z.config({ jitless: true });
