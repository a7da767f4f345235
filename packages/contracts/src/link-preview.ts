/*
 * What a link to the site shows in a chat app or on a social site, in the web's three languages. A
 * crawler runs no script, so the server writes these into the page it sends (apps/server
 * plugins/page-meta.ts), in the language its Accept-Language asks for; apps/web/index.html carries
 * the English ones for the development server.
 */

export const previewLanguages = ['en', 'nl', 'fr'] as const;
export type PreviewLanguage = (typeof previewLanguages)[number];

export interface LinkPreviewTexts {
  /** `og:locale`. */
  locale: string;
  /** `og:title` and `twitter:title`. */
  title: string;
  /** `<meta name="description">`: what a search engine shows. */
  description: string;
  /** `og:description` and `twitter:description`. */
  summary: string;
  /** The title of a referral link `/login?ref=<name>`, naming the friend who invites. */
  invite: (name: string) => string;
}

export const LINK_PREVIEW: Record<PreviewLanguage, LinkPreviewTexts> = {
  en: {
    locale: 'en_US',
    title: 'RBXRewards: earn free Robux',
    description:
      'RBXRewards: earn Robux by completing offers, surveys, daily streaks and giveaways, and withdraw them to your own gamepass.',
    summary:
      'Complete offers, surveys, daily streaks and giveaways, and withdraw your Robux to your own gamepass.',
    invite: (name) => `${name} invites you to earn Robux`,
  },
  nl: {
    locale: 'nl_BE',
    title: 'RBXRewards: verdien gratis Robux',
    description:
      'RBXRewards: verdien Robux met aanbiedingen, enquêtes, dagelijkse reeksen en winacties, en laat ze uitbetalen naar je eigen gamepass.',
    summary:
      'Voltooi aanbiedingen, enquêtes, dagelijkse reeksen en winacties, en laat je Robux uitbetalen naar je eigen gamepass.',
    invite: (name) => `${name} nodigt je uit om Robux te verdienen`,
  },
  fr: {
    locale: 'fr_BE',
    title: 'RBXRewards : gagne des Robux gratuits',
    description:
      'RBXRewards : gagne des Robux avec des offres, des sondages, des séries quotidiennes et des concours, et retire-les sur ton propre gamepass.',
    summary:
      'Termine des offres, des sondages, des séries quotidiennes et des concours, et retire tes Robux sur ton propre gamepass.',
    invite: (name) => `${name} t’invite à gagner des Robux`,
  },
};

/**
 * The language an `Accept-Language` header asks for first among ours, as the web picks from the
 * browser's languages (paraglide's rule): by weight, a full tag (`nl-BE`) or its base (`nl`); `q=0`
 * refuses one; English when none matches.
 */
export function previewLanguageOf(acceptLanguage: string | undefined): PreviewLanguage {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { base: tag.trim().split('-')[0]!, weight: q === undefined ? 1 : Number(q), order };
    })
    .filter((l) => l.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { base } of ranked) {
    if ((previewLanguages as readonly string[]).includes(base)) return base as PreviewLanguage;
  }
  return 'en';
}
