import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProfileResponse } from '@rewards/contracts';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, type StubAnswer } from '@/test/api-stub';
import { profileOf } from '@/test/builders';
import { renderPage, signIn } from '@/test/render';
import { VerifyPanel } from './VerifyPanel';

const profile = profileOf;
const SENTENCE = profileOf().verificationCode;

async function verify(answer: StubAnswer, changes: Partial<ProfileResponse> = {}) {
  const seen = stubApi({ 'POST /api/verify-bio': answer });
  signIn();
  renderPage(<VerifyPanel profile={profile(changes)} username="AliceRBX" />, '/profile');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Verify' }));
  return seen;
}

async function verifyMessage(text: string) {
  await vi.waitFor(() => expect(screen.getByTestId('verify-message').textContent).toBe(text));
}

/** Spec §5 Verify and §8 Verify: the exact messages. */
describe('VerifyPanel', () => {
  it('no Roblox id: "Roblox ID not set — please link your Roblox account first." and nothing is sent', async () => {
    const seen = await verify({ body: { success: true } }, { robloxId: 0 });
    await verifyMessage('Roblox ID not set — please link your Roblox account first.');
    expect(seen).toEqual([]);
  });

  it('no sentence: "No verification code assigned. Contact support."', async () => {
    const seen = await verify({ body: { success: true } }, { verificationCode: null });
    await verifyMessage('No verification code assigned. Contact support.');
    expect(seen).toEqual([]);
  });

  it('sends the spec body, with the referral link this browser came with, and shows "Verified successfully!"', async () => {
    localStorage.setItem('rbx-ref', 'BobBuilder');
    const seen = await verify({ body: { success: true, message: 'Verified successfully!' } });
    await verifyMessage('Verified successfully!');
    expect(seen[0]).toEqual({
      method: 'POST',
      path: '/api/verify-bio',
      body: { username: 'AliceRBX', userId: 1001, code: SENTENCE, ref: 'BobBuilder' },
    });
    // The account proved itself in this browser: the link has been used.
    expect(localStorage.getItem('rbx-ref')).toBeNull();
  });

  it.each([
    {
      when: 'the sentence is not in the bio',
      answer: { body: { success: false } },
      text: 'Verification code not found in bio.',
    },
    {
      when: "the server's message",
      answer: { status: 400, body: { message: 'Your Roblox profile is private.' } },
      text: 'Your Roblox profile is private.',
    },
    { when: 'a failure without a message', answer: { status: 503 }, text: 'Server error (503)' },
    { when: 'an answer without a success flag', answer: { body: {} }, text: 'Unexpected server response' },
    {
      when: 'no answer at all',
      answer: 'network-error' as const,
      text: 'Verification failed (network error)',
    },
  ])('$when: "$text"', async ({ answer, text }) => {
    await verify(answer);
    await verifyMessage(text);
  });

  it('copy: "Verification code copied to clipboard." or "Failed to copy code."', async () => {
    stubApi({});
    signIn();
    renderPage(<VerifyPanel profile={profile()} username="AliceRBX" />, '/profile');
    const user = userEvent.setup(); // installs its own clipboard, which the spy then answers for
    const writeText = vi
      .spyOn(navigator.clipboard, 'writeText')
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('copy-message').textContent).toBe('Verification code copied to clipboard.'),
    );
    expect(writeText).toHaveBeenCalledWith(SENTENCE);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('copy-message').textContent).toBe('Failed to copy code.'),
    );
  });
});
