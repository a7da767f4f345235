import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { consoleSection } from '@/test/console';
import { me } from '../staff/me.fixture';
import { MyAccountSection } from './MyAccountSection';

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauthUri: 'otpauth://totp/Rewards:marco?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
  qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-${String(i).padStart(5, '0')}`);

const show = consoleSection(<MyAccountSection />, { role: 'moderator' });

describe('MyAccountSection', () => {
  it('changes the password with the current one; two different new ones are caught first', async () => {
    const { user, writes } = show({ 'POST /api/admin/me/password': { status: 204 } });
    await user.type(await screen.findByLabelText('Current password'), 'the-old-password');
    await user.type(screen.getByLabelText('New password'), 'the-new-password-1');
    await user.type(screen.getByLabelText('New password again'), 'the-new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('alert').textContent).toBe('The two new passwords differ.');
    expect(writes()).toEqual([]);

    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password again'), 'the-new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/api/admin/me/password',
        body: { current: 'the-old-password', next: 'the-new-password-1' },
      },
    ]);
  });

  it('enrols two-factor sign-in: QR code and secret, a code to confirm, then the recovery codes once', async () => {
    const { user, writes } = show({
      'POST /api/admin/me/totp/setup': { body: SETUP },
      'POST /api/admin/me/totp/enable': { body: { recoveryCodes: CODES } },
    });
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    const qr = await screen.findByRole<HTMLImageElement>('img', {
      name: 'QR code of your two-factor secret',
    });
    expect(qr.src).toBe(SETUP.qrDataUrl);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the code from your authenticator app.');
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByText('Store these recovery codes now.')).toBeTruthy();
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    const copied = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(copied).toHaveBeenCalledWith(CODES.join('\n'));

    await user.click(screen.getByRole('button', { name: 'I stored them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(writes().map((r) => [r.path, r.body])).toEqual([
      ['/api/admin/me/totp/setup', undefined],
      ['/api/admin/me/totp/enable', { code: '123456' }],
    ]);
  });

  it('turns two-factor sign-in off with a code after a confirmation', async () => {
    const { user, writes } = show({
      'GET /api/admin/me': { body: me('moderator', { totpEnabled: true }) },
      'POST /api/admin/me/totp/disable': { status: 204 },
    });
    await user.type(await screen.findByLabelText('Code to turn it off'), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor sign-in is off')).toBeTruthy();
    expect(writes()).toEqual([
      { method: 'POST', path: '/api/admin/me/totp/disable', body: { code: 'abcde-12345' } },
    ]);
  });

  it('shows a wrong code in the error box', async () => {
    const { user } = show({
      'POST /api/admin/me/totp/setup': { body: SETUP },
      'POST /api/admin/me/totp/enable': { status: 400, body: { code: 'VALIDATION', error: 'Wrong code' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(await screen.findByLabelText('Code from the app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong code');
    expect(screen.getByTestId('totp-secret')).toBeTruthy();
  });

  it('reads in French: who is signed in (name in bold, role translated), password and two-factor panels', async () => {
    changeLocale('fr');
    show();
    const name = await screen.findByText('marco', { selector: 'strong' });
    expect(name.parentElement!.textContent).toBe('Connecté en tant que marco (Modérateur).');
    expect(screen.getByText('Connexion en deux étapes')).toBeTruthy();
    expect(screen.getByLabelText('Mot de passe actuel')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Configurer la connexion en deux étapes' })).toBeTruthy();
  });

  it('has nothing to change for the admin-password sign-in, and says what to do instead', async () => {
    show({ 'GET /api/admin/me': { body: me('owner', { id: null, username: 'admin', bootstrap: true }) } });
    expect((await screen.findByTestId('bootstrap-note')).textContent).toContain('ADMIN_BOOTSTRAP=false');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set up two-factor sign-in' })).toBeNull();
  });
});
