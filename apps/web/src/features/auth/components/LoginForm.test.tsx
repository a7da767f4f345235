import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { heldAnswer, stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { LoginForm } from './LoginForm';

const config = { body: { turnstileSiteKey: null, bonusesRequireOffer: false } };
const signedIn = {
  body: {
    success: true,
    token: 'token-1',
    user: {
      username: 'AliceRBX',
      displayName: 'Alice',
      robloxId: 1001,
      referralsMade: 0,
      referralsEarned: 0,
    },
  },
};

async function submit(name: string) {
  const user = userEvent.setup();
  if (name) await user.type(screen.getByLabelText('Roblox username'), name);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

/** Spec §5 Login and §8: trimmed name, nothing sent when empty, "Login failed" otherwise. */
describe('LoginForm', () => {
  it('an empty or blank name does nothing and sends no request', async () => {
    const seen = stubApi({ 'GET /api/config': config, 'POST /api/login': signedIn });
    renderPage(<LoginForm />, '/login');
    await submit('');
    await submit('   ');
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.filter((r) => r.path === '/api/login')).toEqual([]);
    expect(screen.queryByText('Login failed')).toBeNull();
  });

  it('sends the trimmed name', async () => {
    const seen = stubApi({ 'GET /api/config': config, 'POST /api/login': signedIn });
    renderPage(<LoginForm />, '/login');
    await submit('  AliceRBX  ');
    await waitFor(() =>
      expect(seen.find((r) => r.path === '/api/login')?.body).toEqual({ username: 'AliceRBX' }),
    );
  });

  it.each([
    {
      when: 'the server does not know the name',
      answer: {
        status: 404,
        body: { success: false, code: 'NOT_FOUND', error: 'No Roblox account has that username.' },
      },
    },
    { when: 'the answer is not a success', answer: { status: 200, body: { success: false } } },
  ])('when $when: toast "Login failed", "Please enter a valid Roblox username."', async ({ answer }) => {
    stubApi({ 'GET /api/config': config, 'POST /api/login': answer });
    renderPage(<LoginForm />, '/login');
    await submit('NoSuchPlayer');
    expect(await screen.findByText('Login failed')).toBeTruthy();
    expect(screen.getByText('Please enter a valid Roblox username.')).toBeTruthy();
  });

  it('shows "Signing In..." while the request is on its way', async () => {
    const login = heldAnswer();
    stubApi({ 'GET /api/config': config, 'POST /api/login': login.answer });
    renderPage(<LoginForm />, '/login');
    await submit('AliceRBX');
    const busy = await screen.findByRole('button', { name: /Signing In\.\.\./ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    login.release(200, signedIn.body);
    await screen.findByText('Elsewhere'); // signed in: the form leaves for the start page
  });
});
