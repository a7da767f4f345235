import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PROTECTED_MESSAGE } from '@rewards/contracts';
import { stubApi } from '@/test/api-stub';
import { signedInAs, siteConfig } from '@/test/builders';
import { renderPage } from '@/test/render';
import { LoginForm } from './LoginForm';

const config = siteConfig();
const proof = {
  proofToken: 'proof-1',
  sentence: 'brave ocean pizza rocket sunny garden',
  expiresAt: '2026-01-01T00:10:00Z',
};
const refused = {
  status: 403,
  body: {
    success: false,
    code: 'ACCOUNT_PROTECTED',
    error: ACCOUNT_PROTECTED_MESSAGE,
    message: ACCOUNT_PROTECTED_MESSAGE,
    proof,
  },
};
const signedIn = signedInAs();

async function typeName() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Roblox username'), 'AliceRBX');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

/** A protected account's typed sign-in turns into a proof step, not a "Login failed". */
describe('the login proof step', () => {
  it('shows the sentence and the explanation; Check sends the proof and signs in', async () => {
    const seen = stubApi({
      'GET /api/config': config,
      'POST /api/login': refused,
      'POST /api/login/prove': signedIn,
    });
    renderPage(<LoginForm />, '/login');
    const user = await typeName();
    expect(await screen.findByText(ACCOUNT_PROTECTED_MESSAGE)).toBeTruthy();
    expect(screen.getByTestId('proof-sentence').textContent).toBe(proof.sentence);
    expect(screen.queryByText('Login failed')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByText('Elsewhere');
    expect(seen.find((r) => r.path === '/api/login/prove')?.body).toEqual({ proofToken: 'proof-1' });
  });

  it('a sentence not yet in the bio shows why, and the step stays', async () => {
    const notYet = {
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION',
        error: "The sentence is not in your Roblox profile's About yet.",
      },
    };
    stubApi({ 'GET /api/config': config, 'POST /api/login': refused, 'POST /api/login/prove': notYet });
    renderPage(<LoginForm />, '/login');
    const user = await typeName();
    await user.click(await screen.findByRole('button', { name: 'Check' }));
    expect(await screen.findByText("The sentence is not in your Roblox profile's About yet.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Use another name/ }));
    await waitFor(() => expect(screen.getByLabelText('Roblox username')).toBeTruthy());
  });
});
