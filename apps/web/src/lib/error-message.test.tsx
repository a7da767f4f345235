import {
  errorCodeDetails,
  errorCodes,
  errorDetailKinds,
  errorReasonNames,
  errorReasons,
  type ErrorDetail,
} from '@rewards/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, errorText } from './error-message';
import { formatCount, formatPercent, formatRobux } from './format';
import { changeLocale, type Locale } from './i18n';

// Every code and reason the contracts name, walked from the contracts themselves: a code added there
// without its own sentence here fails this test.

/** A figure per detail, each different, so a text that shows one figure for another is caught. */
const FIGURES: Record<ErrorDetail, number> = {
  minimum: 5,
  maximum: 12_345,
  balance: 3.5,
  price: 29,
  currentPrice: 21,
  retryAfter: 45,
  percent: 12.5,
  limitPercent: 10,
};

/** An answer's body with these details, where the contract puts them (the reversal shares in `reversals`). */
function bodyWith(details: readonly ErrorDetail[], extra: Record<string, unknown> = {}) {
  const body: Record<string, unknown> = { ...extra };
  for (const detail of details) {
    if (detail === 'percent' || detail === 'limitPercent') {
      body.reversals = { credits: 8, reversed: 1, ...(body.reversals as object), [detail]: FIGURES[detail] };
    } else body[detail] = FIGURES[detail];
  }
  return body;
}

/** How the figure must read in the current language: the app's one formatting of its kind. */
function shown(detail: ErrorDetail): string {
  const value = FIGURES[detail];
  const kind = errorDetailKinds[detail];
  if (kind === 'robux') return formatRobux(value);
  if (kind === 'percent') return formatPercent(value);
  return formatCount(value);
}

interface Entry {
  name: string;
  code: string;
  details: readonly ErrorDetail[];
  body: Record<string, unknown>;
}

/** Each code bare, each code with its details, and each reason with its details. */
const ENTRIES: Entry[] = [
  ...errorCodes.map((code) => ({ name: code, code, details: [], body: {} })),
  ...errorCodes.flatMap((code) => {
    const details = errorCodeDetails[code] ?? [];
    return details.length
      ? [{ name: `${code} with ${details.join(', ')}`, code, details, body: bodyWith(details) }]
      : [];
  }),
  ...errorReasonNames.map((reason) => {
    const { code, details } = errorReasons[reason];
    return { name: `${code}/${reason}`, code, details, body: bodyWith(details, { reason }) };
  }),
];

function textsIn(locale: Locale): Map<string, string> {
  changeLocale(locale);
  return new Map(ENTRIES.map((e) => [e.name, errorText(e.code, e.body) ?? '']));
}

describe('the errors table', () => {
  it('covers every code and reason of the contracts', () => {
    expect(ENTRIES.length).toBeGreaterThan(errorCodes.length + errorReasonNames.length - 1);
    for (const e of ENTRIES) expect(errorText(e.code, e.body), e.name).toBeTruthy();
  });

  describe.each(['nl', 'fr'] as const)('in %s', (locale) => {
    it("gives each code and reason a text of its own, not a neighbour's and not the English one", () => {
      const english = textsIn('en');
      const texts = textsIn(locale);
      const byText = new Map<string, string[]>();
      for (const [name, text] of texts) byText.set(text, [...(byText.get(text) ?? []), name]);
      const shared = [...byText.values()].filter((names) => names.length > 1);
      expect(shared).toEqual([]);
      for (const [name, text] of texts) expect(text, name).not.toBe(english.get(name));
    });

    it('carries the figures of each code and reason when the answer gives them', () => {
      changeLocale(locale);
      for (const e of ENTRIES) {
        const text = errorText(e.code, e.body) ?? '';
        for (const detail of e.details) expect(text, `${e.name}: ${detail}`).toContain(shown(detail));
      }
    });
  });

  it('in Dutch, withdrawing 3 R$ names the minimum 5 and the maximum, not the gamepass price', () => {
    changeLocale('nl');
    const refused = new ApiError(400, 'VALIDATION', 'Enter a whole number of Robux between 5 and 10000.', {
      code: 'VALIDATION',
      reason: 'AMOUNT_OUT_OF_RANGE',
      minimum: 5,
      maximum: 10_000,
    });
    expect(errorMessage(refused)).toBe('Vul een heel aantal Robux in van R$ 5 tot R$ 10.000.');
  });

  it('keeps "(it is 20 now)" of a wrong gamepass price in French', () => {
    changeLocale('fr');
    const refused = new ApiError(400, 'VALIDATION', 'Set your gamepass price to 29 Robux (it is 20 now)…', {
      reason: 'GAMEPASS_WRONG_PRICE',
      price: 29,
      currentPrice: 20,
    });
    expect(errorMessage(refused)).toBe(
      'Mets le prix de ton gamepass à 29 Robux (il est à 20 maintenant), puis réessaie.',
    );
  });

  it('shows a wrong admin password as such in each language, never as an ended session', () => {
    const wrong = new ApiError(401, 'UNAUTHENTICATED', 'Incorrect password', {
      code: 'UNAUTHENTICATED',
      error: 'Incorrect password',
      reason: 'INCORRECT_PASSWORD',
    });
    const expected: Record<Locale, string> = {
      en: 'Incorrect password',
      nl: 'Onjuist wachtwoord',
      fr: 'Mot de passe incorrect',
    };
    for (const locale of ['en', 'nl', 'fr'] as const) {
      changeLocale(locale);
      expect(errorMessage(wrong)).toBe(expected[locale]);
    }
  });

  it('falls back to the code when a reason lacks its figures, and to the sentence for an unknown code', () => {
    changeLocale('nl');
    expect(errorText('VALIDATION', { reason: 'AMOUNT_OUT_OF_RANGE' })).toBe(errorText('VALIDATION'));
    expect(errorText('VALIDATION', { reason: 'NOT_A_REASON' })).toBe(errorText('VALIDATION'));
    expect(errorMessage(new ApiError(418, 'HTTP_418', 'I am a teapot'))).toBe('I am a teapot');
  });
});
