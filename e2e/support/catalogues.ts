import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './stack.ts';

/** The web app's message catalogues, read as files: apps/web/messages/<area>/<file>. */
export const MESSAGES = join(ROOT, 'apps/web/messages');
export const LOCALES = ['en', 'nl', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export type Catalogue = Record<string, unknown>;

/** The area folders (one per feature). */
export const areas = (): string[] =>
  readdirSync(MESSAGES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

export const readCatalogue = (area: string, file: string): Catalogue =>
  JSON.parse(readFileSync(join(MESSAGES, area, file), 'utf8'));

/** The keys of an area declared the same in every language (`same.json`: brand names and the like). */
export const sameKeys = (area: string): Set<string> =>
  new Set(
    existsSync(join(MESSAGES, area, 'same.json'))
      ? (readCatalogue(area, 'same.json') as unknown as string[])
      : [],
  );

/** Every text of a message: the string, or each variant of a plural/select message. */
export function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') {
    const match = (value as { match?: Record<string, unknown> }).match;
    return match ? Object.values(match).flatMap(texts) : [];
  }
  return [];
}
