import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProfileResponse } from '@rewards/contracts';
import { stubApi } from '@/test/api-stub';
import { profileOf } from '@/test/builders';
import { renderPage, signIn } from '@/test/render';
import { ProtectionPanel } from './ProtectionPanel';

/** A verified player without a pending sentence, unless a test says otherwise. */
const profile = (changes: Partial<ProfileResponse>) =>
  profileOf({ verificationCode: null, verified: true, ...changes });
const proof = {
  proofToken: 'proof-1',
  sentence: 'brave ocean pizza rocket sunny garden',
  expiresAt: '2026-01-01T00:10:00Z',
};

/** "Protect my account". */
describe('ProtectionPanel', () => {
  it('an unverified player cannot switch it on', () => {
    signIn();
    renderPage(<ProtectionPanel profile={profile({ verified: false })} username="AliceRBX" />, '/profile');
    const toggle = screen.getByRole('switch', { name: 'Protect my account' }) as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText('Verify your Roblox profile above first.')).toBeTruthy();
  });

  it('turning it off without recent proof asks for the bio sentence in a dialog, proves the session, then turns it off', async () => {
    let proven = false;
    const seen = stubApi({
      'POST /api/account/protection': () =>
        proven
          ? { body: { protected: false } }
          : { status: 403, body: { code: 'PROOF_REQUIRED', error: 'Prove this account is yours.' } },
      'POST /api/account/protection/proof': { body: proof },
      'POST /api/account/prove': () => {
        proven = true;
        return { body: { provenUntil: '2026-01-01T00:10:00Z' } };
      },
      'GET /api/auth/roblox/config': { body: { enabled: true } },
    });
    signIn();
    renderPage(<ProtectionPanel profile={profile({ protected: true })} username="AliceRBX" />, '/profile');
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Protect my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prove this account is yours' });
    await waitFor(() => expect(dialog.textContent).toContain(proof.sentence));
    // The other way: Sign in with Roblox, coming back to the profile.
    const roblox = await screen.findByRole('link', { name: 'Sign in with Roblox' });
    expect(roblox.getAttribute('href')).toBe('/api/auth/roblox/start');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByText('Protection is off');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.filter((r) => r.path === '/api/account/prove').map((r) => r.body)).toEqual([
      { proofToken: 'proof-1', ref: null },
    ]);
    expect(seen.filter((r) => r.path === '/api/account/protection').map((r) => r.body)).toEqual([
      { on: false },
      { on: false },
    ]);
  });
});
