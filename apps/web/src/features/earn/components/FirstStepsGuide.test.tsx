import { screen, waitFor } from '@testing-library/react';
import type { FirstStepsResponse } from '@rewards/contracts';
import { describe, expect, it } from 'vitest';
import { notifyBalanceUpdated } from '@/lib/balance';
import { changeLocale } from '@/lib/i18n';
import { heldAnswer, stubApi } from '@/test/api-stub';
import { renderPage, signIn } from '@/test/render';
import { EarnPage } from './EarnPage';

function answer(overrides: Partial<Record<string, boolean>> = {}, balance = 3, minimum = 5, social = true) {
  const done = (id: string) => overrides[id] ?? false;
  const steps: FirstStepsResponse['steps'] = [
    { id: 'daily', done: done('daily') },
    ...(social ? [{ id: 'social' as const, done: done('social') }] : []),
    { id: 'verify', done: done('verify') },
    { id: 'withdraw', done: done('withdraw'), balance, minimum },
  ];
  return { done: steps.every((s) => s.done), steps } satisfies FirstStepsResponse;
}

/** The earn page with the server's first steps; the walls and socials answer empty. */
function render(body: FirstStepsResponse | (() => FirstStepsResponse)) {
  const seen = stubApi({
    'GET /api/first-steps': () => ({ body: typeof body === 'function' ? body() : body }),
    'GET /api/walls': { body: { offerwalls: [], surveys: [] } },
    'GET /api/socials': { body: { socials: [] } },
  });
  signIn();
  renderPage(<EarnPage />, '/earn');
  return seen;
}

const step = (id: string) => screen.getByTestId(`first-step-${id}`);

describe('the first-steps guide on the earn page', () => {
  it('lists the steps with their links, the count and "R$ 3 of R$ 5" toward the minimum', async () => {
    render(answer({ daily: true }));
    expect(await screen.findByRole('heading', { name: 'Your first steps' })).toBeTruthy();
    expect(screen.getByTestId('first-steps-count').textContent).toBe('1 of 4 done');
    expect(['daily', 'social', 'verify', 'withdraw'].map((id) => step(id).dataset.done)).toEqual([
      'true',
      'false',
      'false',
      'false',
    ]);
    expect(step('daily').textContent).toContain("Claim today's reward (done)");
    expect(step('verify').textContent).toContain('Verify your profile (to do)');
    expect(step('daily').getAttribute('href')).toBe('/daily');
    expect(step('social').getAttribute('href')).toBe('#socials');
    expect(step('verify').getAttribute('href')).toBe('/profile');
    expect(step('withdraw').getAttribute('href')).toBe('/withdraw');
    expect(screen.getByTestId('first-steps-withdraw-progress').textContent).toBe('R$ 3 of R$ 5');
  });

  it('says so once the balance reaches the minimum', async () => {
    render(answer({ withdraw: true }, 50));
    await waitFor(() => expect(step('withdraw').dataset.done).toBe('true'));
    expect(step('withdraw').textContent).toContain('Ready to withdraw');
    expect(screen.queryByTestId('first-steps-withdraw-progress')).toBeNull();
  });

  it('shows a negative balance as R$ 0 of the minimum', async () => {
    render(answer({}, -2.5));
    expect((await screen.findByTestId('first-steps-withdraw-progress')).textContent).toBe('R$ 0 of R$ 5');
  });

  it('leaves the social step out when the server does (no social offered)', async () => {
    render(answer({}, 0, 5, false));
    expect((await screen.findByTestId('first-steps-count')).textContent).toBe('0 of 3 done');
    expect(screen.queryByTestId('first-step-social')).toBeNull();
  });

  it('is not shown once the server says the guide is done', async () => {
    const seen = render({ ...answer({ daily: true, verify: true }), done: true });
    await waitFor(() => expect(seen.some((r) => r.path === '/api/first-steps')).toBe(true));
    // The walls, asked for at the same time, have arrived.
    expect(await screen.findAllByText('Nothing here yet. Check back soon!')).toHaveLength(2);
    expect(screen.queryByTestId('first-steps')).toBeNull();
  });

  it('is asked again when the balance changes, and ticks the step the server ticked', async () => {
    let state = answer({}, 1.5);
    const seen = render(() => state);
    expect((await screen.findByTestId('first-steps-count')).textContent).toBe('0 of 4 done');
    state = answer({ social: true }, 3);
    notifyBalanceUpdated();
    await waitFor(() => expect(step('social').dataset.done).toBe('true'));
    expect(screen.getByTestId('first-steps-count').textContent).toBe('1 of 4 done');
    expect(screen.getByTestId('first-steps-withdraw-progress').textContent).toBe('R$ 3 of R$ 5');
    expect(seen.filter((r) => r.path === '/api/first-steps')).toHaveLength(2);

    state = { ...answer({ social: true, daily: true, verify: true, withdraw: true }, 52) };
    notifyBalanceUpdated();
    await waitFor(() => expect(screen.queryByTestId('first-steps')).toBeNull());
  });

  it('holds the walls until it has its answer, so it never pushes them down', async () => {
    const held = heldAnswer();
    stubApi({
      'GET /api/first-steps': held.answer,
      'GET /api/walls': { body: { offerwalls: [], surveys: [] } },
      'GET /api/socials': { body: { socials: [] } },
    });
    signIn();
    renderPage(<EarnPage />, '/earn');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'OFFERWALLS' })).toBeNull();
    held.release(200, answer({ daily: true }));
    expect(await screen.findByTestId('first-steps')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'OFFERWALLS' })).toBeTruthy();
  });

  it('is hidden when it cannot be read', async () => {
    const seen = stubApi({
      'GET /api/first-steps': { status: 500, body: { code: 'INTERNAL', error: 'Something went wrong.' } },
      'GET /api/walls': { body: { offerwalls: [], surveys: [] } },
      'GET /api/socials': { body: { socials: [] } },
    });
    signIn();
    renderPage(<EarnPage />, '/earn');
    await waitFor(() => expect(seen.some((r) => r.path === '/api/first-steps')).toBe(true));
    expect(await screen.findAllByText('Nothing here yet. Check back soon!')).toHaveLength(2);
    expect(screen.queryByTestId('first-steps')).toBeNull();
  });

  it('Dutch: the amounts in the Dutch format, the texts with "je"', async () => {
    changeLocale('nl');
    render(answer({ daily: true }, 1.5));
    expect((await screen.findByTestId('first-steps-withdraw-progress')).textContent).toBe('R$ 1,50 van R$ 5');
    expect(screen.getByRole('heading', { name: 'Je eerste stappen' })).toBeTruthy();
    expect(screen.getByTestId('first-steps-count').textContent).toBe('1 van 4 klaar');
    expect(step('verify').textContent).toContain('Verifieer je profiel');
  });

  it('French: the amounts in the Belgian format, the texts with "tu"', async () => {
    changeLocale('fr');
    render(answer({}, 1.5));
    expect((await screen.findByTestId('first-steps-withdraw-progress')).textContent).toBe('R$ 1,50 sur R$ 5');
    expect(screen.getByRole('heading', { name: 'Tes premiers pas' })).toBeTruthy();
    expect(step('withdraw').textContent).toContain('Fais ton premier retrait');
  });
});
