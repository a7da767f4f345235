import { createHash } from 'node:crypto';
import { LINK_PREVIEW, type PreviewLanguage } from '@rewards/contracts';
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

// `<meta property="og:image" content="/og-image.png">` as the web build writes it (apps/web/index.html).
const IMAGE_META = /(<meta\s+(?:property|name)="(?:og:image|twitter:image)"\s+content=")\/(?!\/)/g;
const TITLE_META = /(<meta\s+(?:property|name)="(?:og:title|twitter:title)"\s+content=")[^"]*(")/g;
const OG_TYPE = /<meta\s+property="og:type"[^>]*>/;

/** Sets the content of every `<meta name|property="key">` of `keys` to `value` (escaped here). */
function setMeta(html: string, keys: string[], value: string): string {
  const pattern = new RegExp(
    `(<meta\\s+(?:property|name)="(?:${keys.join('|')})"\\s+content=")[^"]*(")`,
    'g',
  );
  return html.replace(pattern, (_, start: string, end: string) => `${start}${escapeHtml(value)}${end}`);
}

/**
 * A built page for the site at `base` (PUBLIC_URL) in `language`: `<html lang>`, the description and
 * the preview texts in that language (LINK_PREVIEW), `og:locale`, and the preview image URLs made
 * absolute, as crawlers need. Worked out once per page file and language.
 */
export function localizePage(source: string, base: string, language: PreviewLanguage): string {
  const texts = LINK_PREVIEW[language];
  let html = source
    .replace(/<html\s+lang="[^"]*"/, `<html lang="${language}"`)
    .replace(IMAGE_META, (_, start: string) => `${start}${escapeHtml(base)}/`);
  html = setMeta(html, ['description'], texts.description);
  html = setMeta(html, ['og:title', 'twitter:title'], texts.title);
  html = setMeta(html, ['og:description', 'twitter:description'], texts.summary);
  return html.replace(
    OG_TYPE,
    (tag) => `${tag}\n    <meta property="og:locale" content="${texts.locale}" />`,
  );
}

/**
 * A localized page (`localizePage`) ready to send from `url`, its `og:url` (none for a path with no
 * page): compressed once, and the places of the preview titles found once, so naming a friend is a
 * concatenation.
 */
export function preparePage(localized: string, url: string | null): PageFile {
  const html = url
    ? localized.replace(
        OG_TYPE,
        (tag) => `${tag}\n    <meta property="og:url" content="${escapeHtml(url)}" />`,
      )
    : localized;
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
