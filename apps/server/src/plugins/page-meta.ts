import { createHash } from 'node:crypto';
import { encode, type Encoding } from './page-encoding.ts';

/** One page of the built web app, ready to send: worked out once, never per request. */
export interface PageFile {
  html: string;
  /**
   * The page's bytes in each encoding, with a strong validator of each for `If-None-Match` (pages are
   * sent with `no-cache`, so a browser asks again every time and mostly gets a 304).
   */
  encoded: Record<Encoding, { body: Buffer; etag: string }>;
  /** The same page with `og:title` and `twitter:title` set to `title` (escaped here). */
  titled(title: string): string;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside an HTML attribute value or element. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c]!);
}

/** The preview title of a referral link, naming the friend who invites. */
export function inviteTitle(name: string): string {
  return `${name} invites you to earn Robux`;
}

// `<meta property="og:image" content="/og-image.png">` as the web build writes it (apps/web/index.html).
const IMAGE_META = /(<meta\s+(?:property|name)="(?:og:image|twitter:image)"\s+content=")\/(?!\/)/g;
const TITLE_META = /(<meta\s+(?:property|name)="(?:og:title|twitter:title)"\s+content=")[^"]*(")/g;

/**
 * A built page for the site at `base` (PUBLIC_URL): preview image URLs made absolute, as crawlers
 * need, and the places of the preview titles found once, so naming a friend is a concatenation.
 */
export function preparePage(source: string, base: string): PageFile {
  const html = source.replace(IMAGE_META, (_, start: string) => `${start}${escapeHtml(base)}/`);
  // Text, then each title's opening and closing around its value, then text again.
  const pieces = html.split(TITLE_META);
  const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
  const encoded = (encoding: Encoding) => ({
    body: encode(html, encoding, 'once'),
    etag: `"${hash}-${encoding}"`,
  });
  return {
    html,
    encoded: { br: encoded('br'), gzip: encoded('gzip'), identity: encoded('identity') },
    titled(title) {
      const value = escapeHtml(title);
      let out = pieces[0]!;
      for (let i = 1; i < pieces.length; i += 3) out += pieces[i]! + value + pieces[i + 1]! + pieces[i + 2]!;
      return out;
    },
  };
}
