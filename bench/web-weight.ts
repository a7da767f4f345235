import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipBytes, LANDING_SRC, pageScripts, readManifest } from '../e2e/support/web-build.ts';
import { ROOT } from './options.ts';

/**
 * What a visitor's browser downloads before the landing page shows: its JavaScript, gzip, at most
 * this (120 KB until the site spoke three languages, docs/decisions/0017-languages.md; Lighthouse's
 * performance score is the measure that must hold, `npm run lighthouse`).
 */
export const LANDING_JS_MAX_BYTES = 128 * 1024;

export interface WebWeight {
  /** The landing page's scripts: the entry, its static imports, the landing route's chunk and its own. */
  files: Array<{ file: string; bytes: number }>;
  bytes: number;
}

/** Builds the web app (`vite build`, into a folder of its own) and weighs the landing page's JavaScript. */
export function measureWebWeight(): WebWeight {
  const dist = mkdtempSync(join(tmpdir(), 'rewards-bench-web-'));
  try {
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        // As `npm run build:web`: the config reads the page list from packages/contracts.
        '--configLoader',
        'runner',
        '--config',
        'apps/web/vite.config.ts',
        '--outDir',
        dist,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      { cwd: ROOT, stdio: 'inherit' },
    );
    const manifest = readManifest(dist);
    const files = pageScripts(manifest, LANDING_SRC)
      .map((file) => ({ file, bytes: gzipBytes(dist, file) }))
      .sort((a, b) => b.bytes - a.bytes);
    return { files, bytes: files.reduce((sum, f) => sum + f.bytes, 0) };
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}
