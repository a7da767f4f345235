import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { LiveEarning, MeResponse } from '@rewards/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '@/lib/balance';
import { eventStream, jsonAnswer, stubStreams, type StreamCall } from '@/test/event-stream';
import { signIn } from '@/test/render';
import { LiveFeed } from './LiveFeed';
import { LIVE_POLL_MS } from './useLiveFeed';

const earning = (id: number, name: string, amount: number, source = 'Lootably'): LiveEarning => ({
  id,
  name,
  amount,
  kind: 'offer',
  source,
  at: '2026-03-02T10:00:00.000Z',
});

/** `fetch` answering the recent list and the stream from the given functions; returns the calls made. */
function stubFeed(recent: () => Response, stream: () => Response | Promise<Response>): StreamCall[] {
  return stubStreams({ '/api/live/recent': recent, '/api/live/stream': stream });
}

function renderFeed(client = new QueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <LiveFeed />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** The live feed of recent earnings. */
describe('LiveFeed', () => {
  it("shows the recent list, adds streamed earnings on top, and puts the player's balance into the chip's data", async () => {
    signIn({ username: 'AliceRBX', token: 'token-1' });
    const stream = eventStream();
    const calls = stubFeed(
      () => jsonAnswer(200, { events: [earning(2, 'BobBu…', 3.5), earning(1, 'Carol…', 1)] }),
      () => stream.response,
    );
    const client = new QueryClient();
    client.setQueryData<Partial<MeResponse>>(meQueryKey('AliceRBX'), { robux: 0 });
    renderFeed(client);

    expect(await screen.findByText('BobBu… earned R$ 3.50 on Lootably')).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/live/stream'));
    const streamCall = calls.find((c) => c.url === '/api/live/stream')!;
    // The session travels in a header, never in the URL.
    expect(streamCall.headers.Authorization).toBe('Bearer token-1');
    expect(streamCall.url).not.toContain('token');

    act(() => {
      stream.send('earning', earning(3, 'Alice…', 12));
      stream.send('balance', { robux: 12 });
    });
    expect(await screen.findByText('Alice… earned R$ 12 on Lootably')).toBeTruthy();
    const items = screen.getAllByTestId('live-earning').map((li) => li.textContent);
    expect(items).toEqual([
      'Alice… earned R$ 12 on Lootably',
      'BobBu… earned R$ 3.50 on Lootably',
      'Carol… earned R$ 1 on Lootably',
    ]);
    await waitFor(() => expect(client.getQueryData<MeResponse>(meQueryKey('AliceRBX'))?.robux).toBe(12));
  });

  it('polls the recent list when the server answers that it has too many streams (503)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const calls = stubFeed(
      () => jsonAnswer(200, { events: [earning(10 + polls, 'Dave…', ++polls)] }),
      () => jsonAnswer(503, { code: 'LIVE_FEED_FULL', error: 'busy' }),
    );
    renderFeed();
    expect(await screen.findByText('Dave… earned R$ 1 on Lootably')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS + 100));
    expect(await screen.findByText('Dave… earned R$ 2 on Lootably')).toBeTruthy();
    // The stream is not asked again until a minute has passed.
    expect(calls.filter((c) => c.url === '/api/live/stream')).toHaveLength(1);
  });

  it('shows nothing, and opens no stream, when the feed is switched off (404)', async () => {
    const calls = stubFeed(
      () => jsonAnswer(404, { code: 'NOT_FOUND', error: 'The live feed is switched off.' }),
      () => jsonAnswer(404, { code: 'NOT_FOUND', error: 'The live feed is switched off.' }),
    );
    renderFeed();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('live-feed')).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/live/recent']);
  });
});
