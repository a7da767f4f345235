import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { heldAnswer, stubApi } from '@/test/api-stub';
import { signedInAs, siteConfig } from '@/test/builders';
import { renderPage } from '@/test/render';
import { LoginForm } from './LoginForm';

const config = siteConfig();
const signedIn = signedInAs();

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
    // Said once, in the toast the spec names; the name field is marked invalid without repeating it.
    expect(screen.getAllByText('Please enter a valid Roblox username.')).toHaveLength(1);
    const field = screen.getByLabelText('Roblox username');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBeNull();
  });

  it('a refusal not about the name (rate limited) is toasted only; changing the name clears the field error', async () => {
    stubApi({
      'GET /api/config': config,
      'POST /api/login': { status: 404, body: { success: false, code: 'NOT_FOUND', error: 'No such name.' } },
    });
    renderPage(<LoginForm />, '/login');
    await submit('NoSuchPlayer');
    const field = screen.getByLabelText('Roblox username');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    await userEvent.setup().type(field, 'X');
    expect(field.getAttribute('aria-invalid')).toBeNull();

    stubApi({
      'GET /api/config': config,
      'POST /api/login': { status: 429, body: { success: false, code: 'RATE_LIMITED', error: 'Slow down.' } },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Slow down.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('reads in Dutch: labels, button, and the refusal in the toast, once', async () => {
    changeLocale('nl');
    stubApi({
      'GET /api/config': config,
      'POST /api/login': { status: 404, body: { success: false, code: 'NOT_FOUND', error: 'No such name.' } },
    });
    renderPage(<LoginForm />, '/login?ref=BobRBX');
    expect(screen.getByRole('heading', { name: 'Log in en begin te verdienen' })).toBeTruthy();
    expect(screen.getByText('Uitgenodigd door')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Roblox-gebruikersnaam'), 'NoSuchPlayer');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Inloggen mislukt')).toBeTruthy();
    expect(screen.getAllByText('Vul een geldige Roblox-gebruikersnaam in.')).toHaveLength(1);
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
