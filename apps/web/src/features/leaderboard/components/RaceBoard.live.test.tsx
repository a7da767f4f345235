import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentRaceResponse } from '@rewards/contracts';
import { eventStream, jsonAnswer, stubStreams } from '@/test/event-stream';
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

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the race tab, live', () => {
  it('shows standings pushed on the stream without asking for them again', async () => {
    signIn({ username: 'AliceRBX', token: 'token-1' });
    const stream = eventStream();
    const calls = stubStreams({
      '/api/races/stream': () => stream.response,
      '/api/races/current': () =>
        jsonAnswer(200, race([{ rank: 1, username: 'BobBuilder', amount: 20, prize: 100 }], null)),
    });
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
