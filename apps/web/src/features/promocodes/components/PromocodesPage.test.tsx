import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { stubApi, type StubAnswer } from '@/test/api-stub';
import { siteConfig } from '@/test/builders';
import { renderPage, signIn } from '@/test/render';
import { PromocodesPage } from './PromocodesPage';

const config = siteConfig();

async function redeem(code: string, answer: StubAnswer) {
  const seen = stubApi({ 'GET /api/config': config, 'POST /api/promocode/redeem': answer });
  signIn();
  renderPage(<PromocodesPage />, '/promocodes');
  const user = userEvent.setup();
  if (code) await user.type(screen.getByLabelText('Promo code'), code);
  await user.click(screen.getByRole('button', { name: 'Redeem Code' }));
  return seen;
}

async function message(): Promise<string> {
  return (await screen.findByTestId('promo-message')).textContent ?? '';
}

/** Spec §5 Promo and §8 Promo: the exact messages. */
describe('PromocodesPage', () => {
  it('an empty code: "❌ Please enter a promo code." and nothing is sent', async () => {
    const seen = await redeem('  ', { body: { success: true, amount: 1, robux: 1 } });
    expect(await message()).toBe('❌ Please enter a promo code.');
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
  });

  it('success: "🎉 Promo code applied! You received N Robux."', async () => {
    const seen = await redeem(' SPRING ', { body: { success: true, amount: 25, robux: 30 } });
    expect(await message()).toBe('🎉 Promo code applied! You received 25 Robux.');
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ username: 'AliceRBX', code: 'SPRING' });
  });

  it("a refusal shows the server's error", async () => {
    await redeem('OLD', { status: 400, body: { success: false, error: 'This promo code has expired.' } });
    expect(await message()).toBe('This promo code has expired.');
  });

  it.each([
    { when: 'a refusal without an error', answer: { status: 200, body: { success: false } } },
    { when: 'a 404 without a body', answer: { status: 404 } },
  ])('$when: "Invalid promo code."', async ({ answer }) => {
    await redeem('NOPE', answer);
    expect(await message()).toBe('Invalid promo code.');
  });

  it.each([
    { when: 'the network fails', answer: 'network-error' as const },
    { when: 'the server fails', answer: { status: 500, body: { error: 'Internal' } } },
  ])('when $when: "❌ Server error. Please try again later."', async ({ answer }) => {
    await redeem('SPRING', answer);
    expect(await message()).toBe('❌ Server error. Please try again later.');
  });
});

describe('PromocodesPage in French and Dutch', () => {
  it('French: a refused code reads in French, under the field (tied to it) and only there', async () => {
    changeLocale('fr');
    stubApi({
      'GET /api/config': config,
      'POST /api/promocode/redeem': {
        status: 409,
        body: { code: 'CONFLICT', error: 'This promo code has expired.', reason: 'PROMO_EXPIRED' },
      },
    });
    signIn();
    renderPage(<PromocodesPage />, '/promocodes');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Codes promo');
    const user = userEvent.setup();
    const field = screen.getByLabelText('Code promo');
    await user.type(field, 'OLD');
    await user.click(screen.getByRole('button', { name: 'Utiliser le code' }));
    expect(await message()).toBe('Ce code promo a expiré.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      'Ce code promo a expiré.',
    );
    // Said once: under the field, not in a toast as well.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Code non utilisé')).toBeNull();
    expect(screen.getAllByText('Ce code promo a expiré.')).toHaveLength(1);
  });

  it('Dutch: success names the amount in Dutch', async () => {
    changeLocale('nl');
    stubApi({
      'GET /api/config': config,
      'POST /api/promocode/redeem': { body: { success: true, amount: 2.5, robux: 3 } },
    });
    signIn();
    renderPage(<PromocodesPage />, '/promocodes');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Promocode'), 'SPRING');
    await user.click(screen.getByRole('button', { name: 'Code inwisselen' }));
    expect(await message()).toBe('🎉 Promocode toegepast! Je hebt 2,5 Robux gekregen.');
  });
});
