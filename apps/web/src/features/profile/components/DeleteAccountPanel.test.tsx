import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_IN_FLIGHT_MESSAGE, type AccountDeletionPreview } from '@rewards/contracts';
import { STORAGE_KEYS } from '@/lib/session';
import { stubApi } from '@/test/api-stub';
import { renderPage, signIn } from '@/test/render';
import { DeleteAccountPanel } from './DeleteAccountPanel';

const preview = (changes: Partial<AccountDeletionPreview> = {}): AccountDeletionPreview => ({
  balance: 12.5,
  pending: 0,
  proofRequired: false,
  ...changes,
});
const proof = {
  proofToken: 'proof-1',
  sentence: 'brave ocean pizza rocket sunny garden',
  expiresAt: '2026-01-01T00:10:00Z',
};
const deleted = { body: { deleted: true, forfeited: 12.5 } };

/** Opens the dialog from the panel. */
async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
  return { user, dialog: await screen.findByRole('alertdialog', { name: 'Delete my account' }) };
}

/** "Delete my account" on the profile. */
describe('DeleteAccountPanel', () => {
  it('states the forfeited balance, waits for DELETE, then signs out and leaves the profile with a toast', async () => {
    const seen = stubApi({
      'GET /api/account/delete': { body: preview() },
      'POST /api/account/delete': deleted,
      'POST /api/logout': { status: 401, body: { code: 'UNAUTHORIZED', error: 'Not signed in' } },
    });
    signIn();
    renderPage(<DeleteAccountPanel />, '/profile');
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByTestId('deletion-forfeit').textContent).toBe(
      'You will lose R$ 12.50. This cannot be undone.',
    );
    expect(dialog.textContent).toMatch(/Erased:.*username/);
    expect(dialog.textContent).toMatch(/Kept.*rewards history and withdrawals/);

    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    expect(confirm.disabled).toBe(true);
    await user.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(confirm);

    await screen.findByText('Your account was deleted.');
    await screen.findByText('Elsewhere');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(seen.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      ['/api/account/delete', { confirm: 'DELETE', forfeitRobux: 12.5 }],
      ['/api/logout', undefined],
    ]);
  });

  it('says that credits still on hold are lost too', async () => {
    stubApi({ 'GET /api/account/delete': { body: preview({ pending: 30 }) } });
    signIn();
    renderPage(<DeleteAccountPanel />, '/profile');
    const { dialog } = await openDialog();
    expect(within(dialog).getByTestId('deletion-forfeit').textContent).toBe(
      'You will lose R$ 12.50. R$ 30.00 still on hold is lost too. This cannot be undone.',
    );
  });

  it('while a withdrawal is on its way the button is off and says why', async () => {
    stubApi({
      'GET /api/account/delete': {
        body: preview({ blocked: { code: 'WITHDRAWAL_IN_FLIGHT', message: WITHDRAWAL_IN_FLIGHT_MESSAGE } }),
      },
    });
    signIn();
    renderPage(<DeleteAccountPanel />, '/profile');
    await screen.findByText(WITHDRAWAL_IN_FLIGHT_MESSAGE);
    const button = screen.getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('a protected account proves ownership with the bio sentence, which sends the deletion', async () => {
    const seen = stubApi({
      'GET /api/account/delete': { body: preview({ balance: 0, proofRequired: true }) },
      'POST /api/account/protection/proof': { body: proof },
      'POST /api/account/delete': (body) =>
        (body as { proofToken?: string }).proofToken
          ? deleted
          : { status: 403, body: { code: 'PROOF_REQUIRED', error: 'Prove this account is yours.' } },
    });
    signIn();
    renderPage(<DeleteAccountPanel />, '/profile');
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByTestId('deletion-forfeit').textContent).toContain('nothing is forfeited');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect((await within(dialog).findByTestId('proof-sentence')).textContent).toBe(proof.sentence);
    await user.click(within(dialog).getByRole('button', { name: 'Check and delete' }));
    await screen.findByText('Your account was deleted.');
    expect(
      seen.filter((r) => r.path === '/api/account/delete' && r.method === 'POST').map((r) => r.body),
    ).toEqual([{ confirm: 'DELETE', forfeitRobux: 0, proofToken: 'proof-1' }]);
  });

  it('when the balance changed, shows the new amount and asks again; a refusal is shown in the dialog', async () => {
    let calls = 0;
    stubApi({
      'GET /api/account/delete': { body: preview() },
      'POST /api/account/delete': () =>
        ++calls === 1
          ? { status: 409, body: { code: 'BALANCE_CHANGED', error: 'Your balance changed.', balance: 20 } }
          : { status: 409, body: { code: 'WITHDRAWAL_IN_FLIGHT', error: WITHDRAWAL_IN_FLIGHT_MESSAGE } },
    });
    signIn();
    renderPage(<DeleteAccountPanel />, '/profile');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await within(dialog).findByText(/Your balance changed since this opened/);
    expect(within(dialog).getByTestId('deletion-forfeit').textContent).toContain('You will lose R$ 20.00.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await within(dialog).findByText(WITHDRAWAL_IN_FLIGHT_MESSAGE);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('token-1');
  });
});
