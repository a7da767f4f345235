import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  areas as areaFolders,
  LOCALES,
  MESSAGES,
  readCatalogue as read,
  sameKeys,
  texts,
} from './support/catalogues.ts';

/**
 * The message catalogues (apps/web/messages/<area>/<locale>.json), read as files (no build needed):
 * every English message has a Dutch and a French one with the same placeholders, keys carry their
 * area's name (one namespace for the whole app), and a translation equal to the English text must be
 * declared in the area's `same.json` (brand names and the like), so a forgotten translation cannot
 * pass for one.
 */
const areas = areaFolders();
const settings = JSON.parse(readFileSync(join(MESSAGES, '../project.inlang/settings.json'), 'utf8'));

const placeholders = (value: unknown) =>
  [...new Set(texts(value).flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((mm) => mm[1])))].sort();

describe('message catalogues', () => {
  it('every area folder is compiled (listed in project.inlang/settings.json)', () => {
    const patterns: string[] = settings['plugin.inlang.messageFormat'].pathPattern;
    expect(patterns.sort()).toEqual(areas.map((a) => `./messages/${a}/{locale}.json`).sort());
  });

  for (const area of areas) {
    describe(area, () => {
      const en = read(area, 'en.json');
      const prefix = `${area.replace(/-/g, '_')}_`;
      const same = sameKeys(area);

      it(`keys start with "${prefix}"`, () => {
        expect(Object.keys(en).filter((k) => !k.startsWith(prefix))).toEqual([]);
      });

      for (const locale of LOCALES.slice(1)) {
        it(`${locale} has every message, with the same placeholders`, () => {
          const other = read(area, `${locale}.json`);
          expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
          for (const key of Object.keys(en)) {
            expect({ key, placeholders: placeholders(other[key]) }).toEqual({
              key,
              placeholders: placeholders(en[key]),
            });
            for (const text of texts(other[key]))
              expect({ key, text: text.trim().length > 0 }).toEqual({ key, text: true });
          }
        });

        it(`${locale} translates every message not declared the same in all languages`, () => {
          const other = read(area, `${locale}.json`);
          const untranslated = Object.keys(en).filter(
            (key) => !same.has(key) && JSON.stringify(other[key]) === JSON.stringify(en[key]),
          );
          expect(untranslated).toEqual([]);
        });
      }
    });
  }
});
