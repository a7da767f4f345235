import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { renderPage, signIn } from '@/test/render';
import { DataPanel } from './DataPanel';

const exported = {
  format: 'rbxrewards-data-export/1',
  exportedAt: '2026-03-02T10:00:00.000Z',
  summary: ['This file holds everything rbxrewards stores about the account AliceRBX.'],
  account: { username: 'AliceRBX' },
};

/** The Blob links the panel made, and what each one saved. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.stubGlobal('URL', {
    ...URL,
    createObjectURL: (blob: Blob) => {
      blobs.push(blob);
      return `blob:test/${blobs.length}`;
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** "Download my data" on the profile. */
describe('DataPanel', () => {
  it('fetches the export with the session token and saves it as a JSON file named after the player and day', async () => {
    const seen = stubApi({ 'GET /api/account/export': { body: exported } });
    const downloads = captureDownloads();
    signIn({ token: 'token-xyz' });
    renderPage(<DataPanel />, '/profile');
    expect(screen.getByText(/everything we keep about your account/)).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(downloads.names).toEqual(['rbxrewards-data-AliceRBX-2026-03-02.json']));
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/account/export']);
    const init = vi.mocked(fetch).mock.calls[0]![1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-xyz');
    expect(downloads.blobs[0]!.type).toBe('application/json');
    expect(JSON.parse(await downloads.blobs[0]!.text())).toEqual(exported);
  });

  it('says why when the server refuses (e.g. too many downloads) and saves nothing', async () => {
    stubApi({
      'GET /api/account/export': { status: 429, body: { code: 'RATE_LIMITED', error: 'Too many requests' } },
    });
    const downloads = captureDownloads();
    signIn();
    renderPage(<DataPanel />, '/profile');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download my data' }));
    await screen.findByText('Could not download your data');
    expect(downloads.names).toEqual([]);
  });
});
