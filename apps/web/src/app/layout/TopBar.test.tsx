import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import favicon from '../../../public/favicon.svg?raw';
import homeScreenIcon from '../../../../../scripts/brand/icon-full.svg?raw';
import { getSession } from '@/lib/session';
import { stubApi } from '@/test/api-stub';
import { accountOf } from '@/test/builders';
import { renderPage, signIn } from '@/test/render';
import { Brand, MARK_PATH } from './Brand';
import { UserMenu } from './UserMenu';

describe('the top bar', () => {
  it('shows the mark of the favicon and the app icons, not a second logo', () => {
    renderPage(<Brand />);
    const link = screen.getByRole('link', { name: /RBXRewards/ });
    expect(link.querySelector('svg path')?.getAttribute('d')).toBe(MARK_PATH);
    expect(link.textContent).not.toContain('R$');
    // The icons are rendered from these two files (scripts/brand-images.mjs).
    for (const icon of [favicon, homeScreenIcon]) expect(icon).toContain(`d="${MARK_PATH}"`);
  });

  it("the account menu button's name holds the text it shows (the avatar is decoration in it)", async () => {
    signIn();
    stubApi({ 'GET /api/user/AliceRBX': accountOf(10) });
    renderPage(<UserMenu session={getSession()!} />);
    const button = await screen.findByTestId('user-menu');
    expect(button.querySelector('img')?.getAttribute('alt')).toBe('');
    const name = button.getAttribute('aria-label') ?? '';
    expect(name).toBe('Account menu for AliceRBX');
    expect(name).toContain(button.textContent?.trim() ?? '∅');
  });
});
