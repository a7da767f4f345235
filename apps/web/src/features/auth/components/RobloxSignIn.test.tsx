import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { signedInAs, siteConfig } from '@/test/builders';
import { renderPage } from '@/test/render';
import { getSession } from '@/lib/session';
import { LoginPage } from './LoginPage';

const on = { body: { enabled: true } };
const signedIn = signedInAs(
  { username: 'CarolPlays', displayName: 'CarolPlays', robloxId: 1003 },
  'token-roblox',
);

describe('Sign in with Roblox on the login page', () => {
  it('shows the button when the server has it on, carrying the page ref', async () => {
    stubApi({ 'GET /api/config': siteConfig(), 'GET /api/auth/roblox/config': on });
    renderPage(<LoginPage />, '/login?ref=BobBuilder');
    const link = await screen.findByRole('link', { name: 'Sign in with Roblox' });
    expect(link.getAttribute('href')).toBe('/api/auth/roblox/start?ref=BobBuilder');
    expect(screen.getByLabelText('Roblox username')).toBeTruthy();
  });

  it('hides the button when it is off', async () => {
    const seen = stubApi({
      'GET /api/config': siteConfig(),
      'GET /api/auth/roblox/config': { body: { enabled: false } },
    });
    renderPage(<LoginPage />, '/login');
    await waitFor(() => expect(seen.some((r) => r.path === '/api/auth/roblox/config')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('link', { name: 'Sign in with Roblox' })).toBeNull();
  });

  it('says why a sign-in failed', async () => {
    stubApi({ 'GET /api/config': siteConfig(), 'GET /api/auth/roblox/config': on });
    renderPage(<LoginPage />, '/login?error=roblox_expired');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sign in with Roblox failed: the sign-in link expired or was already used. Please try again.',
    );
  });

  it('trades the one-time code for the session once, and stores it like a typed sign-in', async () => {
    const seen = stubApi({
      'GET /api/config': siteConfig(),
      'GET /api/auth/roblox/config': on,
      'POST /api/auth/roblox/finish': signedIn,
    });
    renderPage(<LoginPage />, '/login?roblox=one-time-code');
    await waitFor(() => expect(getSession()?.username).toBe('CarolPlays'));
    expect(getSession()?.token).toBe('token-roblox');
    const finishes = seen.filter((r) => r.path === '/api/auth/roblox/finish');
    expect(finishes.map((r) => r.body)).toEqual([{ code: 'one-time-code' }]);
  });
});
