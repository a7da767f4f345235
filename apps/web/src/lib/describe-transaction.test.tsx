import { afterEach, describe, expect, it } from 'vitest';
import { describeTransaction } from './describe-transaction';
import { changeLocale } from './i18n';

describe('describeTransaction', () => {
  afterEach(() => changeLocale('en'));

  it.each([
    ['en', 'Race prize: Weekly race, rank #2'],
    ['nl', 'Raceprijs: Weekly race, plaats #2'],
    ['fr', 'Prix de course : Weekly race, rang n° 2'],
  ] as const)('%s: a race prize names the race and the rank', (locale, text) => {
    changeLocale(locale);
    const item = { kind: 'race' as const, params: { race: 'Weekly race', rank: 2 }, description: 'x' };
    expect(describeTransaction(item)).toBe(text);
  });

  it('an entry of no known shape keeps its stored description', () => {
    expect(describeTransaction({ kind: 'race', params: {}, description: 'Race prize: Old, rank 1' })).toBe(
      'Race prize: Old, rank 1',
    );
  });
});
