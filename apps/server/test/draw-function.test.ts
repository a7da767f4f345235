import { checkDraw, drawCommitment, drawInput, drawWinner, shortName } from '@rewards/contracts';
import { describe, expect, it } from 'vitest';

/** The fixed vector docs/draws.md publishes, so other implementations can check themselves. */
const SECRET = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const ENTRIES = ['Alice…', 'BobBu…', 'Carol…', 'Dave…'];
const COMMITMENT = '6c86c6aac5fb24bcf5d9939cb7d7d5645ce39418f449e03b262dd4fa14b4b92b';
const HASH = '338ddd1038453f0a9cea694f45f2c2d44884d9cba8e1ec92fe4ef03c48611855';

describe('the checkable draw function', () => {
  it('gives the documented vector', async () => {
    expect(await drawCommitment(SECRET)).toBe(COMMITMENT);
    expect(drawInput(SECRET, 42, ENTRIES)).toBe(`${SECRET}:42:Alice…\nBobBu…\nCarol…\nDave…`);
    // 0x338ddd1038453f0a = 3714868329383804682; mod 4 = 2.
    expect(await drawWinner(SECRET, 42, ENTRIES)).toEqual({ hash: HASH, index: 2 });
    expect(await drawWinner(SECRET, 42, [])).toMatchObject({ index: null });
  });

  it('the check passes on the published data and fails when one entry, the id or the secret changes', async () => {
    const published = {
      id: 42,
      commitment: COMMITMENT,
      secret: SECRET,
      entries: ENTRIES,
      hash: HASH,
      winnerIndex: 2,
    };
    expect(await checkDraw(published)).toEqual({
      commitmentMatches: true,
      winnerMatches: true,
      winner: 'Carol…',
      ok: true,
    });
    const altered = await checkDraw({ ...published, entries: ['Alice…', 'BobBu…', 'Carol…', 'Mallo…'] });
    expect(altered).toMatchObject({ commitmentMatches: true, winnerMatches: false, ok: false });
    expect((await checkDraw({ ...published, id: 43 })).ok).toBe(false);
    const otherSecret = SECRET.replace(/^00/, '01');
    expect(await checkDraw({ ...published, secret: otherSecret })).toMatchObject({
      commitmentMatches: false,
      ok: false,
    });
  });

  it('shortens names as the live feed does', () => {
    expect(shortName('AliceRBX')).toBe('Alice…');
    expect(shortName('Bob')).toBe('B…');
    expect(shortName('Dave1')).toBe('Dav…');
  });
});
