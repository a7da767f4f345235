import { describe, expect, it } from 'vitest';
import { type StandinGamePass } from '@rewards/roblox-standin';
import { openStandin } from './support/suite.ts';
import { createRobloxGateway, type RobloxGatewayConfig } from '../src/roblox/gateway.ts';
import { TtlCache } from '../src/shared/ttl-cache.ts';

const stand = openStandin();

const hits = async (path: string) =>
  ((await stand.control('GET', '/stats')) as Record<string, number>)[path] ?? 0;

function gateway(overrides: Partial<RobloxGatewayConfig> = {}) {
  return createRobloxGateway({
    usersApi: stand.standin.url,
    thumbnailsApi: stand.standin.url,
    gamepassApi: stand.standin.url,
    economyApi: stand.standin.url,
    inventoryApi: stand.standin.url,
    groupsApi: stand.standin.url,
    timeoutMs: 5_000,
    payoutCookie: 'payout-cookie',
    ...overrides,
  });
}

const addPass = (pass: Partial<StandinGamePass>): Promise<StandinGamePass> =>
  stand.control('POST', '/gamepasses', { creatorId: 1002, price: 25, ...pass });

/** Runs `call` and expects it to fail with the friendly 503. */
async function expectUnavailable(call: () => Promise<unknown>): Promise<void> {
  await expect(call()).rejects.toMatchObject({
    status: 503,
    code: 'ROBLOX_UNAVAILABLE',
    message: 'Roblox is not responding, please try again',
  });
}

describe('Roblox gateway: reads', () => {
  it('finds users by name case-insensitively, answers the canonical name, and caches hits', async () => {
    const roblox = gateway();
    expect(await roblox.findUserByName('alicerbx')).toEqual({
      id: 1001,
      name: 'AliceRBX',
      displayName: 'Alice',
    });
    expect(await roblox.findUserByName('NoSuchPlayer404')).toBeNull();
    expect(await hits('/v1/usernames/users')).toBe(2);

    expect(await roblox.findUserByName('ALICERBX')).toEqual({
      id: 1001,
      name: 'AliceRBX',
      displayName: 'Alice',
    });
    expect(await hits('/v1/usernames/users')).toBe(2);
  });

  it('passes display names through untouched (escaping is the page’s job)', async () => {
    const user = await gateway().findUserByName('XssTester');
    expect(user?.displayName).toBe('<img src=x onerror=alert(1)>');
  });

  it('reads the profile description fresh every time', async () => {
    const roblox = gateway();
    await stand.control('PUT', '/users/1002/description', { description: 'apple river candle' });
    expect(await roblox.getProfile(1002)).toEqual({
      id: 1002,
      name: 'BobBuilder',
      displayName: 'BobBuilder',
      description: 'apple river candle',
      created: '2016-04-01T12:00:00.000Z',
    });
    await stand.control('PUT', '/users/1002/description', { description: 'changed' });
    expect((await roblox.getProfile(1002))?.description).toBe('changed');
    expect(await roblox.getProfile(999_999)).toBeNull();
  });

  it("reads the account's creation date, which the stand-in sets per player", async () => {
    const roblox = gateway();
    const created: { id: number } = await stand.control('POST', '/users', {
      name: 'FreshAccount',
      created: '2026-02-27T09:30:00Z',
    });
    expect((await roblox.getProfile(created.id))?.created).toBe('2026-02-27T09:30:00.000Z');
    await stand.control('PUT', `/users/${created.id}/created`, { created: '2020-01-02T00:00:00Z' });
    expect((await roblox.getProfile(created.id))?.created).toBe('2020-01-02T00:00:00.000Z');
    const bad = await fetch(`${stand.standin.url}/_control/users/${created.id}/created`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ created: 'yesterday' }),
    });
    expect(bad.status).toBe(400);
    // Seeded players are old accounts.
    expect((await roblox.getProfile(1001))?.created).toBe('2016-04-01T12:00:00.000Z');
  });

  it('gives an avatar URL that serves a PNG, and caches the URL', async () => {
    const roblox = gateway();
    const url = await roblox.getAvatarUrl(1001);
    expect(url).toMatch(/^http:\/\/.+\/avatar\/1001\.png$/);
    const res = await fetch(url!);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    expect(await roblox.getAvatarUrl(1001)).toBe(url);
    expect(await hits('/v1/users/avatar-headshot')).toBe(1);
    expect(await roblox.getAvatarUrl(999_999)).toBeNull();

    const image = await roblox.getAvatarImage(1001);
    expect(image?.contentType).toBe('image/png');
    expect(image?.body.subarray(0, 8)).toEqual(bytes.subarray(0, 8));
  });

  it('reads game pass info, and null for an unknown pass', async () => {
    const created = await addPass({ price: 40, name: 'Withdraw 40' });
    expect(await gateway().getGamePass(created.id)).toEqual({
      id: created.id,
      productId: created.productId,
      creatorId: 1002,
      price: 40,
      isForSale: true,
      name: 'Withdraw 40',
    });
    expect(await gateway().getGamePass(123_456_789)).toBeNull();
  });

  it('tells whether a user owns a pass', async () => {
    const roblox = gateway();
    const pass = await addPass({});
    expect(await roblox.ownsGamePass(1, pass.id)).toBe(false);
    expect(await roblox.purchaseGamePass(pass)).toEqual({ kind: 'purchased' });
    expect(await roblox.ownsGamePass(1, pass.id)).toBe(true);
  });
});

describe('Roblox gateway: purchases', () => {
  it('buys a pass at its price from its creator, doing the CSRF token dance once', async () => {
    const roblox = gateway();
    const created = await addPass({ creatorId: 1003, price: 25 });
    const pass = await roblox.getGamePass(created.id);

    expect(await roblox.purchaseGamePass(pass!)).toEqual({ kind: 'purchased' });
    expect(await stand.control('GET', '/purchases')).toMatchObject([
      { productId: created.productId, gamePassId: created.id, price: 25, sellerId: 1003, buyerId: 1 },
    ]);
    expect(stand.standin.state.payout.robux).toBe(1_000_000 - 25);
    // The first attempt had no token and got a 403 carrying one; the retry went through.
    expect(await hits(`/v1/purchases/products/${created.productId}`)).toBe(2);

    // The token is kept, so the next purchase needs one request.
    const second = await addPass({ creatorId: 1003, price: 5 });
    expect(await roblox.purchaseGamePass(second)).toEqual({ kind: 'purchased' });
    expect(await hits(`/v1/purchases/products/${second.productId}`)).toBe(1);
  });

  it('is refused with PriceChanged when the price moved since it was read', async () => {
    const roblox = gateway();
    const pass = (await roblox.getGamePass((await addPass({ price: 25 })).id))!;
    await stand.control('PATCH', `/gamepasses/${pass.id}`, { price: 30 });

    const outcome = await roblox.purchaseGamePass(pass);
    expect(outcome).toMatchObject({ kind: 'refused', reason: 'PriceChanged' });
    expect(outcome.kind === 'refused' && outcome.detail).toContain('30');
    expect(stand.standin.state.purchases).toHaveLength(0);
  });

  it('is refused when the pass is already owned, not for sale, or funds are short', async () => {
    const roblox = gateway();
    const owned = await addPass({});
    await roblox.purchaseGamePass(owned);
    expect(await roblox.purchaseGamePass(owned)).toMatchObject({ kind: 'refused', reason: 'AlreadyOwned' });

    const offSale = await addPass({});
    await stand.control('PATCH', `/gamepasses/${offSale.id}`, { isForSale: false });
    expect(await roblox.purchaseGamePass(offSale)).toMatchObject({ kind: 'refused', reason: 'NotForSale' });

    await stand.control('PATCH', '/payout', { robux: 10 });
    expect(await roblox.purchaseGamePass(await addPass({ price: 11 }))).toMatchObject({
      kind: 'refused',
      reason: 'InsufficientFunds',
    });
    expect(stand.standin.state.purchases).toHaveLength(1);
  });

  it('is blocked without contacting Roblox when no payout cookie is configured', async () => {
    const pass = await addPass({});
    const outcome = await gateway({ payoutCookie: undefined }).purchaseGamePass(pass);
    expect(outcome).toMatchObject({ kind: 'blocked', reason: 'NotConfigured' });
    expect(await hits(`/v1/purchases/products/${pass.productId}`)).toBe(0);
  });

  it('answers ambiguous on a 500 and never sends the purchase again', async () => {
    const roblox = gateway();
    const pass = await addPass({});
    await stand.control('POST', '/mode', { mode: 'error500', paths: ['/v1/purchases'] });

    expect(await roblox.purchaseGamePass(pass)).toMatchObject({ kind: 'ambiguous' });
    expect(await hits(`/v1/purchases/products/${pass.productId}`)).toBe(1);
    expect(stand.standin.state.purchases.length).toBeLessThanOrEqual(1);
  });

  it('answers ambiguous on a timeout, and Roblox may still complete it (exactly once)', async () => {
    const roblox = gateway({ timeoutMs: 500 });
    // Fetch a valid CSRF token first, so the slow request is the purchase itself.
    await roblox.purchaseGamePass(await addPass({}));
    const pass = await addPass({});
    await stand.control('POST', '/mode', { mode: 'slow', delayMs: 1_000, paths: ['/v1/purchases'] });

    expect(await roblox.purchaseGamePass(pass)).toMatchObject({ kind: 'ambiguous' });
    // The stand-in did the work and only the answer was late, as an overloaded Roblox may.
    expect(stand.standin.state.purchases.filter((p) => p.gamePassId === pass.id)).toHaveLength(1);
    expect(await hits(`/v1/purchases/products/${pass.productId}`)).toBe(1);
  });
});

describe('Roblox gateway: when Roblox misbehaves', () => {
  it('retries after a 429 and succeeds', async () => {
    const roblox = gateway();
    await stand.control('POST', '/mode', { mode: 'ratelimit', times: 1 });
    expect(await roblox.getProfile(1001)).toMatchObject({ id: 1001, name: 'AliceRBX' });
    expect(await hits('/v1/users/1001')).toBe(2);
  });

  it('gives up with "Roblox is not responding" when Roblox is down', async () => {
    const roblox = gateway();
    await stand.control('POST', '/mode', { mode: 'down' });
    await expectUnavailable(() => roblox.findUserByName('BobBuilder'));
    await expectUnavailable(() => roblox.getGamePass(1));
    // Bounded: one try and two retries.
    expect(await hits('/v1/usernames/users')).toBe(3);
    expect(await roblox.ping()).toBe(false);
  });

  it('gives up when Roblox answers too slowly, rather than wait for the answer', async () => {
    const roblox = gateway({ timeoutMs: 1_000 });
    // The answer comes after three times the timeout: a call that waited for it would get the profile.
    await stand.control('POST', '/mode', { mode: 'slow', delayMs: 3_000 });
    await expectUnavailable(() => roblox.getProfile(1001));
  });

  it('gives up when Roblox keeps rate-limiting', async () => {
    const roblox = gateway();
    await stand.control('POST', '/mode', { mode: 'ratelimit' });
    await expectUnavailable(() => roblox.getProfile(1001));
  });

  it('pings', async () => {
    expect(await gateway().ping()).toBe(true);
  });
});

describe('TtlCache', () => {
  it('forgets entries after their time and evicts the oldest when full', () => {
    let now = 0;
    const cache = new TtlCache<string, number>({ ttlMs: 100, maxEntries: 2, now: () => now });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
    now = 100;
    expect(cache.get('c')).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});
