import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentRaceResponse } from '@rewards/contracts';
import { renderPage, signIn } from '@/test/render';
import { LeaderboardPage } from './LeaderboardPage';

const HOUR = 3_600_000;

function race(
  standings: CurrentRaceResponse['standings'],
  me: CurrentRaceResponse['me'],
): CurrentRaceResponse {
  return {
    race: {
      id: 3,
      name: 'Daily race',
      startAt: new Date(Date.now() - HOUR).toISOString(),
      endAt: new Date(Date.now() + HOUR).toISOString(),
      repeat: 'daily',
      prizes: [{ from: 1, to: 1, prize: 100 }],
    },
    standings,
    me,
    countedAt: new Date().toISOString(),
    next: null,
    previous: null,
  };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A stream answer whose events the test pushes with `send`. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (event: string, data: unknown) =>
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the race tab, live', () => {
  it('shows standings pushed on the stream without asking for them again', async () => {
    signIn({ username: 'AliceRBX', token: 'token-1' });
    const stream = eventStream();
    const calls: { url: string; headers: Record<string, string> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = String(input);
        calls.push({ url, headers: (init.headers ?? {}) as Record<string, string> });
        if (url === '/api/races/stream') return stream.response;
        if (url === '/api/races/current') {
          return json(race([{ rank: 1, username: 'BobBuilder', amount: 20, prize: 100 }], null));
        }
        return new Response('{}', { status: 404 });
      }),
    );
    renderPage(<LeaderboardPage />, '/leaderboard?tab=race');
    expect(await screen.findByText('BobBuilder')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/races/stream')).toBe(true));
    // The stream carries the session in a header, as the live feed's does.
    expect(calls.find((c) => c.url === '/api/races/stream')!.headers).toMatchObject({
      Accept: 'text/event-stream',
      Authorization: 'Bearer token-1',
    });

    stream.send(
      'race',
      race(
        [
          { rank: 1, username: 'AliceRBX', amount: 50, prize: 100 },
          { rank: 2, username: 'BobBuilder', amount: 20, prize: 0 },
        ],
        { rank: 1, amount: 50, prize: 100 },
      ),
    );
    expect(await screen.findByText('#1')).toBeTruthy();
    expect(screen.getAllByText('AliceRBX').length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.url === '/api/races/current')).toHaveLength(1);
  });
});
