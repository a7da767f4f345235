import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveStream, type OpenStream } from './support/live-stream.ts';
import { openTestApp, t } from './support/suite.ts';
import { testEngine } from './support/test-database.ts';

/**
 * Live-feed streams per address: one caller cannot take every place of the process. The address is
 * the one TRUST_PROXY yields (here a proxy on this machine names each client in X-Forwarded-For) and
 * an IPv6 /64 counts as one, as for the rate limits. Beyond the bound the answer is the one of a full
 * process (503 LIVE_FEED_FULL), on which the web polls /api/live/recent.
 */

const PER_ADDRESS = 20;
describe(`live-feed streams per address on ${testEngine}`, () => {
  openTestApp({
    env: { LIVE_FEED_MAX_STREAMS_PER_ADDRESS: String(PER_ADDRESS), TRUST_PROXY: '127.0.0.1' },
  });
  let base: string;
  const open: OpenStream[] = [];

  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    for (const s of open) s.close();
  });

  /** Opens `n` streams from `address`, 100 at a time; keeps the opened ones for the end of the suite. */
  async function openFrom(address: string, n: number): Promise<OpenStream[]> {
    const answers: OpenStream[] = [];
    for (let i = 0; i < n; i += 100) {
      const batch = Array.from({ length: Math.min(100, n - i) }, () =>
        openLiveStream(base, undefined, { 'x-forwarded-for': address }),
      );
      answers.push(...(await Promise.all(batch)));
    }
    open.push(...answers.filter((s) => s.status === 200));
    return answers;
  }

  it('one address opening 3,000 streams gets at most LIVE_FEED_MAX_STREAMS_PER_ADDRESS; another address still connects', async () => {
    expect(t.deps.env.LIVE_FEED_MAX_STREAMS).toBe(2000);
    const answers = await openFrom('198.51.100.10', 3000);
    const opened = answers.filter((s) => s.status === 200);
    const refused = answers.filter((s) => s.status !== 200);
    expect(opened).toHaveLength(PER_ADDRESS);
    expect(refused).toHaveLength(3000 - PER_ADDRESS);
    // The answer of a full process: the web falls back to polling on it.
    expect(new Set(refused.map((s) => `${s.status} ${s.body.code}`))).toEqual(
      new Set(['503 LIVE_FEED_FULL']),
    );
    expect(opened.every((s) => !s.ended)).toBe(true);

    const other = await openFrom('203.0.113.77', 1);
    expect(other.map((s) => s.status)).toEqual([200]);
  });

  it('signed-in streams of one burst (their sessions read together) stay within the bound', async () => {
    const token = (await t.login('AliceRBX')).token;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => openLiveStream(base, token, { 'x-forwarded-for': '198.51.100.20' })),
    );
    const opened = answers.filter((s) => s.status === 200);
    open.push(...opened);
    expect(opened).toHaveLength(PER_ADDRESS);
  });

  it('an IPv6 /64 is one address; a closed stream gives its address a place back', async () => {
    const first = await openFrom('2001:db8:aa:1::1', PER_ADDRESS);
    expect(first.every((s) => s.status === 200)).toBe(true);
    // Another address inside the same /64: the same caller.
    const sameNetwork = await openFrom('2001:db8:aa:1:ffff::9', 1);
    expect([sameNetwork[0]!.status, sameNetwork[0]!.body.code]).toEqual([503, 'LIVE_FEED_FULL']);
    // The next /64 is someone else.
    expect((await openFrom('2001:db8:aa:2::1', 1))[0]!.status).toBe(200);

    first[0]!.close();
    // Refused until the server has seen the connection close; a refusal takes no place.
    await expect
      .poll(async () => (await openFrom('2001:db8:aa:1::abcd', 1))[0]!.status, { timeout: 10_000 })
      .toBe(200);
    expect((await openFrom('2001:db8:aa:1::abce', 1))[0]!.status).toBe(503);
  });
});
