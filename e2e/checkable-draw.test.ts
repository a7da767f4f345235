import { describe, expect, it } from 'vitest';
import { asAdmin, browser, openJourney, stack } from './support/journey.ts';
import { DESKTOP, screenshots, signIn } from './support/stack.ts';

openJourney({ admin: true });

const shoot = screenshots('checkable-draw', { fromTop: true });

/** Enters `username` into the current giveaway through the API. */
async function enterAs(username: string): Promise<void> {
  const login = await stack.api('POST', '/api/login', { username });
  const res = await stack.api(
    'POST',
    '/api/giveaway/enter',
    {},
    { authorization: `Bearer ${login.body.token}` },
  );
  expect(res.status).toBe(200);
}

describe('a giveaway draw anyone can check', () => {
  it('shows the commitment while open; after the end the browser check passes, and fails on an altered entry', async () => {
    const created = await asAdmin('POST', '/api/admin/giveaways', {
      title: 'Checkable Giveaway',
      prize: 250,
      endAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(created.status).toBe(201);
    const commitment: string = created.body.commitment;
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    for (const name of ['AliceRBX', 'BobBuilder', 'DaveTheBrave']) await enterAs(name);

    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, stack.baseUrl, 'CarolPlays');
    await page.goto(`${stack.baseUrl}/giveaways`);
    const shown = page.getByTestId('giveaway-commitment');
    await expect.poll(() => shown.textContent()).toBe(`${commitment.slice(0, 16)}…`);
    expect(await page.getByRole('button', { name: 'Check this draw' }).count()).toBe(0);
    await page.getByText('Commitment:').click();
    await expect.poll(() => page.getByText(commitment, { exact: true }).isVisible()).toBe(true);
    await shoot(page, 'open');

    const ended = await asAdmin('POST', `/api/admin/giveaways/${created.body.id}/end`);
    expect(ended.status).toBe(200);
    expect(ended.body.commitment).toBe(commitment);
    const winner: string = ended.body.winner;
    expect(['AliceRBX', 'BobBuilder', 'DaveTheBrave']).toContain(winner);

    await page.reload();
    await expect.poll(() => page.getByTestId('giveaway-winner').textContent()).toContain(winner);
    await page.getByRole('button', { name: 'Check this draw' }).click();
    const result = page.getByTestId('draw-check-result');
    await expect.poll(() => result.getAttribute('data-result')).toBe('pass');
    expect(await result.textContent()).toBe(
      `Pass: the draw picks ${winner.slice(0, 5)}…, and the secret matches the commitment`,
    );
    await page.getByText('Published data', { exact: true }).click();
    await shoot(page, 'checked');

    // The same page with one published entry altered on its way from the API.
    await page.route('**/api/giveaway', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.draw.entries[0] = 'Mallo…';
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    await page.getByRole('button', { name: 'Check this draw' }).click();
    await expect.poll(() => result.getAttribute('data-result')).toBe('fail');
    expect(await result.textContent()).toBe("Fail: the published entries don't give the published winner.");
    await shoot(page, 'altered');

    // In Dutch, with the data as published (the reload fetches it again, unaltered).
    await page.unrouteAll();
    await page.locator('header select').first().selectOption('nl');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('nl');
    await page.reload();
    await page.getByRole('button', { name: 'Controleer deze trekking' }).click();
    await expect.poll(() => result.getAttribute('data-result')).toBe('pass');
    expect(await result.textContent()).toBe(
      `Geslaagd: de trekking kiest ${winner.slice(0, 5)}…, en het geheim past bij de vastlegging`,
    );
    await shoot(page, 'nl');
    await page.close();
  });
});
