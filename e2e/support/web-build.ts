import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/*
 * The built web app (`npm run build:web`) as its Vite manifest describes it: which script files a page
 * loads before it shows. Read by the weight checks (e2e/web-speed.test.ts) and the bench's budget.
 */

export const LANDING_SRC = 'src/features/landing/components/LandingPage.tsx';
export const LOGIN_SRC = 'src/features/auth/components/LoginPage.tsx';

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const manifestPath = (dist: string) => join(dist, '.vite/manifest.json');

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(manifestPath(dist), 'utf8')) as Manifest;
}

/** The files chunks need before they run: themselves and their static imports, recursively. */
export function staticClosure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    if (into.has(chunk.file)) continue;
    into.add(chunk.file);
    staticClosure(manifest, chunk.imports ?? [], into);
  }
  return into;
}

export function keyOfSource(manifest: Manifest, src: string): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.src === src);
  if (!key) throw new Error(`no chunk for ${src} in the manifest`);
  return key;
}

/**
 * The scripts a page loads before it shows: the entry script, everything it imports statically, and
 * the page's route chunk with its static imports.
 */
export function pageScripts(manifest: Manifest, routeSrc: string): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  const files = staticClosure(manifest, [entry]);
  staticClosure(manifest, [keyOfSource(manifest, routeSrc)], files);
  return [...files].filter((f) => f.endsWith('.js'));
}

/** A built file's size at gzip level 9, i.e. the `.gz` file the server sends. */
export const gzipBytes = (dist: string, file: string) =>
  gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** 1 KB = 1024 bytes, as Lighthouse and the browser's network panel count. */
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
