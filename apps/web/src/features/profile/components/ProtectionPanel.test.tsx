import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProfileResponse } from '@rewards/contracts';
import { stubApi } from '@/test/api-stub';
import { renderPage, signIn } from '@/test/render';
import { ProtectionPanel } from './ProtectionPanel';

const profile = (changes: Partial<ProfileResponse>): ProfileResponse => ({
  username: 'AliceRBX',
  robloxId: 1001,
  robux: 0,
  pendingRobux: 0,
  earnings: 0,
  offersCompleted: 0,
  referralsMade: 0,
  referralsEarned: 0,
  joinedAt: '2026-01-01T00:00:00.000Z',
  verificationCode: null,
  verified: true,
  protected: false,
  ...changes,
});
const proof = {
  proofToken: 'proof-1',
  sentence: 'brave ocean pizza rocket sunny garden',
  expiresAt: '2026-01-01T00:10:00Z',
};

/** Issue 20: "Protect my account". */
describe('ProtectionPanel', () => {
  it('an unverified player cannot switch it on', () => {
    signIn();
    renderPage(<ProtectionPanel profile={profile({ verified: false })} username="AliceRBX" />, '/profile');
    const toggle = screen.getByRole('switch', { name: 'Protect my account' }) as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText('Verify your Roblox profile above first.')).toBeTruthy();
  });

  it('turning it off without recent proof asks for the bio sentence in a dialog, then sends it', async () => {
    const seen = stubApi({
      'POST /api/account/protection': (body) =>
        (body as { proofToken?: string }).proofToken
          ? { body: { protected: false } }
          : { status: 403, body: { code: 'PROOF_REQUIRED', error: 'Prove this account is yours.' } },
      'POST /api/account/protection/proof': { body: proof },
    });
    signIn();
    renderPage(<ProtectionPanel profile={profile({ protected: true })} username="AliceRBX" />, '/profile');
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Protect my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn protection off' });
    expect(dialog.textContent).toContain(proof.sentence);
    await user.click(screen.getByRole('button', { name: 'Check and turn off' }));
    await screen.findByText('Protection is off');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.filter((r) => r.path === '/api/account/protection').map((r) => r.body)).toEqual([
      { on: false },
      { on: false, proofToken: 'proof-1' },
    ]);
  });
});
