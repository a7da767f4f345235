import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { renderPage } from '@/test/render';
import { HowItWorks } from './HowItWorks';

/** The withdraw page promises a first withdrawal's review only when the site holds one. */
describe('HowItWorks', () => {
  it('names the first withdrawal’s review when the site reviews it', () => {
    renderPage(<HowItWorks methods={['gamepass']} firstReviewed />);
    expect(screen.getByText(/^Your first withdrawal, and some others, are checked by an admin/)).toBeTruthy();
  });

  it('promises no review of a first withdrawal the site pays without one, in any language', () => {
    for (const [locale, first] of [
      ['en', /first withdrawal/i],
      ['nl', /eerste opname/i],
      ['fr', /premier retrait/i],
    ] as const) {
      changeLocale(locale);
      const { unmount } = renderPage(<HowItWorks methods={['gamepass', 'group']} firstReviewed={false} />);
      expect(document.body.textContent, locale).not.toMatch(first);
      unmount();
    }
    changeLocale('en');
    renderPage(<HowItWorks methods={['gamepass']} firstReviewed={false} />);
    expect(screen.getByText(/^Some withdrawals may be checked by an admin/)).toBeTruthy();
  });
});
