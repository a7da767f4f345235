import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** The web app's sources, whose `index.html` holds the head every page is served with. */
export const WEB = resolve(import.meta.dirname, '../../../web');

/**
 * A web build as the server reads it (`webDist`), in a new temporary folder the caller removes:
 * `index.html`, the web app's real one changed by `index`; each of `files`, a path in the build with
 * its text, made from that index.html; and with `ogImage`, the preview image.
 */
export function fakeWebBuild(opts: {
  index?: (html: string) => string;
  files?: (index: string) => Record<string, string>;
  ogImage?: boolean;
}): string {
  const dir = mkdtempSync(join(tmpdir(), 'rewards-web-'));
  const real = readFileSync(join(WEB, 'index.html'), 'utf8');
  const index = opts.index ? opts.index(real) : real;
  writeFileSync(join(dir, 'index.html'), index);
  for (const [path, text] of Object.entries(opts.files?.(index) ?? {})) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  if (opts.ogImage) copyFileSync(join(WEB, 'public/og-image.png'), join(dir, 'og-image.png'));
  return dir;
}

/** The content of a page's `<meta property|name="key">`, or undefined. */
export function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta\\s+(?:property|name)="${key}"\\s+content="([^"]*)"`).exec(html);
  return match?.[1];
}
