import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { toastError, toastSuccess } from './toast';

describe('toasts', () => {
  it('a new refusal replaces the one shown instead of stacking behind it; a success clears it', async () => {
    renderPage(<p>page</p>, '/');
    act(() => toastError(null, 'First refusal', 'Why the first'));
    expect(await screen.findByText('First refusal')).toBeTruthy();
    act(() => toastError(null, 'Second refusal', 'Why the second'));
    expect(await screen.findByText('Second refusal')).toBeTruthy();
    expect(screen.queryByText('First refusal')).toBeNull();
    expect(screen.getAllByRole('listitem').filter((li) => li.dataset.type === 'error')).toHaveLength(1);

    act(() => toastSuccess('Done'));
    expect(await screen.findByText('Done')).toBeTruthy();
    await expect.poll(() => screen.queryByText('Second refusal')).toBeNull();
  });
});
