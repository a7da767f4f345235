import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { AdminLoginForm } from './AdminLoginForm';

const LOGIN = 'POST /api/admin/login';
const OK = { body: { authenticated: true } };
const WRONG = {
  status: 401,
  body: { code: 'UNAUTHENTICATED', error: 'Incorrect password', reason: 'INCORRECT_PASSWORD' },
};
const ASK_CODE = {
  status: 401,
  body: { code: 'TOTP_REQUIRED', error: 'Enter the code from your authenticator app.' },
};

function show(answer: Parameters<typeof stubApi>[0][string]) {
  const seen = stubApi({ [LOGIN]: answer });
  renderPage(<AdminLoginForm />, '/admin');
  return { seen, user: userEvent.setup(), logins: () => seen.filter((r) => r.path === '/api/admin/login') };
}

describe('AdminLoginForm', () => {
  it('without a username signs in with the admin password alone, and shows "Incorrect password"', async () => {
    const { user, logins } = show(WRONG);
    await user.type(screen.getByLabelText('Admin password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password');
    expect(logins().map((r) => r.body)).toEqual([{ password: 'not-it' }]);
    expect(screen.queryByLabelText('Code')).toBeNull();
  });

  it.each([
    ['nl', 'Onjuist wachtwoord'],
    ['fr', 'Mot de passe incorrect'],
  ] as const)('in %s says the password is wrong, not that the session ended', async (locale, text) => {
    changeLocale(locale);
    const { user } = show(WRONG);
    await user.type(screen.getByLabelText(/^(Beheerderswachtwoord|Mot de passe admin)$/), 'not-it');
    await user.click(screen.getByRole('button', { name: /^(Aanmelden|Se connecter)$/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('asks a staff member with two-factor sign-in for the code, then sends it with the name and password', async () => {
    const { user, logins } = show((body) => ((body as { code?: string }).code ? OK : ASK_CODE));
    await user.type(screen.getByLabelText('Username'), ' marco ');
    await user.type(screen.getByLabelText('Admin password'), 'a-long-password-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const code = await screen.findByLabelText('Code');
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    // The question is not an error.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByLabelText('Admin password')).toBeNull();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await expect.poll(() => logins().length).toBe(2);
    expect(logins().map((r) => r.body)).toEqual([
      { username: 'marco', password: 'a-long-password-1' },
      { username: 'marco', password: 'a-long-password-1', code: '123456' },
    ]);
  });

  it('while many wrong passwords hold new browsers back, a named sign-in may go on with its two-factor code', async () => {
    const BRAKE = {
      status: 429,
      body: {
        code: 'RATE_LIMITED',
        error: 'Too many wrong admin passwords on this site in the last 10 minutes.',
      },
    };
    const { user, logins } = show((body) => ((body as { code?: string }).code ? OK : BRAKE));
    await user.type(screen.getByLabelText('Admin password'), 'a-long-password-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('alert');
    // The bootstrap password has no second factor: no way around the wait is offered.
    expect(screen.queryByRole('button', { name: 'I have a two-factor code' })).toBeNull();

    await user.type(screen.getByLabelText('Username'), 'marco');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(await screen.findByRole('button', { name: 'I have a two-factor code' }));
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expect.poll(() => logins().length).toBe(3);
    expect(logins()[2]!.body).toEqual({ username: 'marco', password: 'a-long-password-1', code: '123456' });
  });

  it('shows a refused code and keeps the code step; "Use another account" starts over', async () => {
    const { user } = show((body) =>
      (body as { code?: string }).code
        ? { status: 401, body: { code: 'UNAUTHENTICATED', error: 'Incorrect code' } }
        : ASK_CODE,
    );
    await user.type(screen.getByLabelText('Username'), 'marco');
    await user.type(screen.getByLabelText('Admin password'), 'a-long-password-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.type(await screen.findByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect code');
    expect(screen.getByLabelText('Code')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Use another account' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Username' }).value).toBe('marco');
    expect(screen.getByLabelText<HTMLInputElement>('Admin password').value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
