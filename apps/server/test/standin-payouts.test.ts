import { describe, expect, it } from 'vitest';
import { openStandin } from './support/suite.ts';
import { openPayoutGroup } from './support/groups.ts';

/**
 * The Roblox stand-in's payout-side routes, spoken to over HTTP as the server speaks to Roblox:
 * the payout account's session, challenges, regional prices, its Robux, and group payouts.
 */

const stand = openStandin();

const PAYOUT_USER_ID = 1;
const GROUP_ID = 5_000_001;
const denied = { errors: [{ code: 0, message: 'Authorization has been denied for this request.' }] };
const refusal = (code: number, message: string) => ({ errors: [{ code, message }] });

interface Call {
  method?: string;
  cookie?: string | null;
  csrf?: string;
  body?: unknown;
}

/** A request to the stand-in as a Roblox client makes it; by default signed in, without a CSRF token. */
async function roblox(path: string, { method = 'GET', cookie = 'payout-cookie', csrf, body }: Call = {}) {
  const headers: Record<string, string> = {};
  if (cookie !== null) headers.cookie = `.ROBLOSECURITY=${cookie}`;
  if (csrf !== undefined) headers['x-csrf-token'] = csrf;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${stand.standin.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** A write made the way the server makes it: learn the CSRF token from the first 403, then retry. */
async function write(path: string, body: unknown, cookie: string | null = 'payout-cookie') {
  const first = await roblox(path, { method: 'POST', cookie, body });
  const token = first.headers.get('x-csrf-token');
  if (first.status !== 403 || !token) return first;
  return roblox(path, { method: 'POST', cookie, csrf: token, body });
}

const payout = (recipients: Array<{ recipientId: number; amount: number }>, payoutType = 'FixedAmount') =>
  write(`/v1/groups/${GROUP_ID}/payouts`, {
    PayoutType: payoutType,
    Recipients: recipients.map((r) => ({ ...r, recipientType: 'User' })),
  });

/** The group the payouts here come from. */
const GROUP = { id: GROUP_ID, name: 'Rewards Group' };

describe('the payout account’s session', () => {
  it('accepts any cookie until one is set, then only that one; no cookie is always a 401', async () => {
    expect(await roblox(`/v1/users/${PAYOUT_USER_ID}/currency`, { cookie: 'anything' })).toMatchObject({
      status: 200,
      body: { robux: 1_000_000 },
    });
    expect(await roblox(`/v1/users/${PAYOUT_USER_ID}/currency`, { cookie: null })).toMatchObject({
      status: 401,
      body: denied,
    });

    await stand.control('PATCH', '/payout', { cookie: 'the-real-one' });
    expect((await roblox(`/v1/users/${PAYOUT_USER_ID}/currency`, { cookie: 'anything' })).status).toBe(401);
    expect((await roblox(`/v1/users/${PAYOUT_USER_ID}/currency`, { cookie: 'the-real-one' })).status).toBe(
      200,
    );

    await stand.control('PATCH', '/payout', { cookie: null });
    expect((await roblox(`/v1/users/${PAYOUT_USER_ID}/currency`, { cookie: 'anything' })).status).toBe(200);
  });

  it('refuses a purchase with a replaced cookie before the CSRF step', async () => {
    const pass = await stand.control('POST', '/gamepasses', { creatorId: 1002, price: 25 });
    await stand.control('PATCH', '/payout', { cookie: 'the-real-one' });
    const res = await roblox(`/v1/purchases/products/${pass.productId}`, {
      method: 'POST',
      cookie: 'expired',
      body: { expectedCurrency: 1, expectedPrice: 25, expectedSellerId: 1002 },
    });
    expect(res).toMatchObject({ status: 401, body: denied });
    expect(res.headers.get('x-csrf-token')).toBeNull();
    expect(await stand.control('GET', '/purchases')).toEqual([]);
  });

  it('answers only the payout account’s own balance', async () => {
    await stand.control('PATCH', '/payout', { robux: 321 });
    expect((await roblox(`/v1/users/${PAYOUT_USER_ID}/currency`)).body).toEqual({ robux: 321 });
    expect(await roblox('/v1/users/1001/currency')).toMatchObject({ status: 403, body: denied });
  });
});

describe('challenges', () => {
  it('answers every authenticated write with a challenge after the CSRF check, and does nothing', async () => {
    const pass = await stand.control('POST', '/gamepasses', { creatorId: 1002, price: 25 });
    await openPayoutGroup(stand.control, 1_000, { ...GROUP, members: { 1001: 'Eligible' } });
    expect(await stand.control('POST', '/challenge', { on: true })).toEqual({
      on: true,
      type: 'twostepverification',
      challengesAnswered: 0,
    });

    // Without a token the CSRF refusal comes first and is not a challenge.
    const noToken = await roblox(`/v1/groups/${GROUP_ID}/payouts`, { method: 'POST', body: {} });
    expect(noToken).toMatchObject({ status: 403, body: refusal(0, 'Token Validation Failed') });
    expect(noToken.headers.get('rblx-challenge-id')).toBeNull();

    const bought = await write(`/v1/purchases/products/${pass.productId}`, {
      expectedCurrency: 1,
      expectedPrice: 25,
      expectedSellerId: 1002,
    });
    const paid = await payout([{ recipientId: 1001, amount: 10 }]);
    for (const res of [bought, paid]) {
      expect(res).toMatchObject({
        status: 403,
        body: refusal(0, 'Challenge is required to authorize the request'),
      });
      const id = res.headers.get('rblx-challenge-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('rblx-challenge-type')).toBe('twostepverification');
      const metadata = JSON.parse(
        Buffer.from(res.headers.get('rblx-challenge-metadata')!, 'base64').toString(),
      );
      expect(metadata).toEqual({ userId: String(PAYOUT_USER_ID), challengeId: id, actionType: 'Generic' });
    }
    expect(bought.headers.get('rblx-challenge-id')).not.toBe(paid.headers.get('rblx-challenge-id'));

    expect(await stand.control('GET', '/purchases')).toEqual([]);
    expect(await stand.control('GET', '/group-payouts')).toEqual([]);
    expect((await stand.control('GET', `/groups/${GROUP_ID}`)).funds).toBe(1_000);
    expect((await stand.control('GET', '/challenge')).challengesAnswered).toBe(2);

    await stand.control('POST', '/challenge', { on: true, type: 'captcha' });
    expect((await payout([{ recipientId: 1001, amount: 10 }])).headers.get('rblx-challenge-type')).toBe(
      'captcha',
    );

    await stand.control('POST', '/challenge', { on: false });
    expect(await payout([{ recipientId: 1001, amount: 10 }])).toMatchObject({ status: 200, body: {} });
  });
});

describe('regional game-pass prices', () => {
  it('shows the payout account its regional price, everyone else the list price, and charges the regional one', async () => {
    const pass = await stand.control('POST', '/gamepasses', {
      creatorId: 1002,
      price: 100,
      regionalPrice: 80,
    });
    const info = `/game-passes/v1/game-passes/${pass.id}/product-info`;
    expect((await roblox(info, { cookie: null })).body.PriceInRobux).toBe(100);
    expect((await roblox(info)).body.PriceInRobux).toBe(80);
    await stand.control('PATCH', '/payout', { cookie: 'the-real-one' });
    expect((await roblox(info, { cookie: 'expired' })).body.PriceInRobux).toBe(100);
    expect((await roblox(info, { cookie: 'the-real-one' })).body.PriceInRobux).toBe(80);

    const buy = (expectedPrice: number) =>
      write(
        `/v1/purchases/products/${pass.productId}`,
        { expectedCurrency: 1, expectedPrice, expectedSellerId: 1002 },
        'the-real-one',
      );
    expect((await buy(100)).body).toMatchObject({ purchased: false, reason: 'PriceChanged', price: 80 });
    await stand.control('PATCH', '/payout', { robux: 500 });
    expect((await buy(80)).body).toMatchObject({ purchased: true, price: 80, balanceAfterSale: 420 });
    expect(await stand.control('GET', '/purchases')).toMatchObject([
      { gamePassId: pass.id, price: 80, sellerId: 1002 },
    ]);
  });

  it('is set and cleared through PATCH; a pass without one sells at its list price', async () => {
    const pass = await stand.control('POST', '/gamepasses', { creatorId: 1002, price: 100 });
    expect(pass.regionalPrice).toBeNull();
    const info = `/game-passes/v1/game-passes/${pass.id}/product-info`;
    expect((await roblox(info)).body.PriceInRobux).toBe(100);
    await stand.control('PATCH', `/gamepasses/${pass.id}`, { regionalPrice: 70 });
    expect((await roblox(info)).body.PriceInRobux).toBe(70);
    await stand.control('PATCH', `/gamepasses/${pass.id}`, { regionalPrice: null });
    expect((await roblox(info)).body.PriceInRobux).toBe(100);
  });
});

describe('group payout eligibility and funds', () => {
  it('names each user Eligible, PayoutRestricted or NotInGroup, keyed by id as a string', async () => {
    await openPayoutGroup(stand.control, 0, {
      ...GROUP,
      members: { 1001: 'Eligible', 1003: 'PayoutRestricted' },
    });
    const res = await roblox(`/v1/groups/${GROUP_ID}/users-payout-eligibility?userIds=1001,1002,1003`);
    expect(res).toMatchObject({
      status: 200,
      body: {
        usersGroupPayoutEligibility: { 1001: 'Eligible', 1002: 'NotInGroup', 1003: 'PayoutRestricted' },
      },
    });

    await stand.control('DELETE', `/groups/${GROUP_ID}/members/1001`);
    expect(
      (await roblox(`/v1/groups/${GROUP_ID}/users-payout-eligibility?userIds=1001`)).body
        .usersGroupPayoutEligibility,
    ).toEqual({ 1001: 'NotInGroup' });
  });

  it('refuses an unknown group, bad user ids and an anonymous caller', async () => {
    await openPayoutGroup(stand.control, 0, GROUP);
    expect(await roblox('/v1/groups/42/users-payout-eligibility?userIds=1')).toMatchObject({
      status: 400,
      body: refusal(1, 'The group is invalid or does not exist.'),
    });
    for (const query of ['', '?userIds=', '?userIds=1,abc']) {
      expect(await roblox(`/v1/groups/${GROUP_ID}/users-payout-eligibility${query}`)).toMatchObject({
        status: 400,
        body: refusal(3, 'The user ids are invalid.'),
      });
    }
    expect(
      (await roblox(`/v1/groups/${GROUP_ID}/users-payout-eligibility?userIds=1`, { cookie: null })).status,
    ).toBe(401);
  });

  it('answers the group’s funds', async () => {
    await openPayoutGroup(stand.control, 750, GROUP);
    expect(await roblox(`/v1/groups/${GROUP_ID}/currency`)).toMatchObject({
      status: 200,
      body: { robux: 750 },
    });
    await stand.control('PATCH', `/groups/${GROUP_ID}`, { funds: 20 });
    expect((await roblox(`/v1/groups/${GROUP_ID}/currency`)).body).toEqual({ robux: 20 });
    expect((await roblox('/v1/groups/42/currency')).body).toEqual(
      refusal(1, 'The group is invalid or does not exist.'),
    );
    expect((await roblox(`/v1/groups/${GROUP_ID}/currency`, { cookie: null })).status).toBe(401);
  });
});

describe('group payouts', () => {
  it('pays eligible members from the group’s funds, one transaction per recipient', async () => {
    await openPayoutGroup(stand.control, 1_000, {
      ...GROUP,
      members: { 1001: 'Eligible', 1002: 'Eligible' },
    });
    expect(
      await payout([
        { recipientId: 1001, amount: 300 },
        { recipientId: 1002, amount: 200 },
      ]),
    ).toMatchObject({ status: 200, body: {} });
    expect((await roblox(`/v1/groups/${GROUP_ID}/currency`)).body).toEqual({ robux: 500 });
    const payouts = await stand.control('GET', '/group-payouts');
    expect(payouts).toMatchObject([
      { groupId: GROUP_ID, recipientId: 1001, amount: 300 },
      { groupId: GROUP_ID, recipientId: 1002, amount: 200 },
    ]);
    expect(payouts[1].transactionId).toBeGreaterThan(payouts[0].transactionId);
  });

  it('refuses in Roblox’s order and moves no Robux when it refuses', async () => {
    await openPayoutGroup(stand.control, 100, {
      ...GROUP,
      members: { 1001: 'Eligible', 1003: 'PayoutRestricted' },
    });
    const other = (await write('/v1/groups/42/payouts', { PayoutType: 'FixedAmount', Recipients: [] })).body;
    expect(other).toEqual(refusal(1, 'The group is invalid or does not exist.'));
    expect((await payout([{ recipientId: 1001, amount: 10 }], 'Percentage')).body).toEqual(
      refusal(24, 'Invalid payout type.'),
    );
    for (const amount of [0, -5, 2.5]) {
      expect(await payout([{ recipientId: 1001, amount }])).toMatchObject({
        status: 400,
        body: refusal(25, 'The amount is invalid.'),
      });
    }
    const many = Array.from({ length: 21 }, () => ({ recipientId: 1001, amount: 1 }));
    expect((await payout(many)).body).toEqual(refusal(26, 'Too many recipients.'));
    expect((await payout([])).body).toEqual(refusal(27, 'The recipients are invalid.'));
    for (const recipientId of [1002, 1003]) {
      expect(await payout([{ recipientId, amount: 10 }])).toMatchObject({
        status: 400,
        body: refusal(27, 'The recipients are invalid.'),
      });
    }
    expect((await payout([{ recipientId: 1001, amount: 101 }])).body).toEqual(
      refusal(12, 'Insufficient Robux funds.'),
    );

    expect(await stand.control('GET', '/group-payouts')).toEqual([]);
    expect((await roblox(`/v1/groups/${GROUP_ID}/currency`)).body).toEqual({ robux: 100 });
    expect(await payout([{ recipientId: 1001, amount: 100 }])).toMatchObject({ status: 200 });
  });

  it('wants the session first and the CSRF token second', async () => {
    await openPayoutGroup(stand.control, 100, { ...GROUP, members: { 1001: 'Eligible' } });
    const body = {
      PayoutType: 'FixedAmount',
      Recipients: [{ recipientId: 1001, recipientType: 'User', amount: 1 }],
    };
    const path = `/v1/groups/${GROUP_ID}/payouts`;
    expect(await roblox(path, { method: 'POST', cookie: null, body })).toMatchObject({
      status: 401,
      body: denied,
    });
    const stale = await roblox(path, { method: 'POST', csrf: 'stale', body });
    expect(stale).toMatchObject({ status: 403, body: refusal(0, 'Token Validation Failed') });
    expect(stale.headers.get('x-csrf-token')).toBeTruthy();
    expect(await stand.control('GET', '/group-payouts')).toEqual([]);
  });

  it('pays even when a slow answer never reaches the caller', async () => {
    await openPayoutGroup(stand.control, 100, { ...GROUP, members: { 1001: 'Eligible' } });
    const path = `/v1/groups/${GROUP_ID}/payouts`;
    const token = (await roblox(path, { method: 'POST', body: {} })).headers.get('x-csrf-token')!;
    await stand.control('POST', '/mode', { mode: 'slow', delayMs: 5_000, paths: [path] });
    const gaveUp = fetch(`${stand.standin.url}${path}`, {
      method: 'POST',
      headers: {
        cookie: '.ROBLOSECURITY=payout-cookie',
        'x-csrf-token': token,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        PayoutType: 'FixedAmount',
        Recipients: [{ recipientId: 1001, recipientType: 'User', amount: 40 }],
      }),
      signal: AbortSignal.timeout(300),
    });
    await expect(gaveUp).rejects.toThrow();
    expect(await stand.control('GET', '/group-payouts')).toMatchObject([{ recipientId: 1001, amount: 40 }]);
    expect((await stand.control('GET', `/groups/${GROUP_ID}`)).funds).toBe(60);
  });
});

describe('group payout history', () => {
  it('lists payouts newest first and pages by cursor', async () => {
    await openPayoutGroup(stand.control, 1_000, {
      ...GROUP,
      members: { 1001: 'Eligible', 1002: 'Eligible' },
    });
    for (let amount = 1; amount <= 12; amount++) {
      await payout([{ recipientId: amount % 2 ? 1001 : 1002, amount }]);
    }
    const page = (query: string) =>
      roblox(`/v2/groups/${GROUP_ID}/transactions?transactionType=Payout${query}`);

    const first = await page('&limit=10');
    expect(first.status).toBe(200);
    expect(first.body.previousPageCursor).toBeNull();
    expect(first.body.data.map((t: { currency: { amount: number } }) => t.currency.amount)).toEqual([
      12, 11, 10, 9, 8, 7, 6, 5, 4, 3,
    ]);
    expect(first.body.data[0]).toMatchObject({
      idHash: expect.any(String),
      created: expect.any(String),
      isPending: false,
      agent: { id: 1002, type: 'User', name: 'BobBuilder' },
      details: {},
      currency: { amount: 12, type: 'Robux' },
      purchaseToken: null,
    });
    expect(first.body.nextPageCursor).toEqual(expect.any(String));

    // A payout made between two page reads does not shift the next page.
    await payout([{ recipientId: 1001, amount: 13 }]);
    const second = await page(`&limit=10&cursor=${encodeURIComponent(first.body.nextPageCursor)}`);
    expect(second.body.data.map((t: { currency: { amount: number } }) => t.currency.amount)).toEqual([2, 1]);
    expect(second.body.nextPageCursor).toBeNull();

    expect((await page('&limit=25')).body.data).toHaveLength(13);
  });

  it('answers an empty history for other transaction types and refuses bad paging', async () => {
    await openPayoutGroup(stand.control, 100, { ...GROUP, members: { 1001: 'Eligible' } });
    await payout([{ recipientId: 1001, amount: 5 }]);
    expect((await roblox(`/v2/groups/${GROUP_ID}/transactions?transactionType=Sale&limit=10`)).body).toEqual({
      previousPageCursor: null,
      nextPageCursor: null,
      data: [],
    });
    expect((await roblox(`/v2/groups/${GROUP_ID}/transactions?transactionType=Payout&limit=7`)).status).toBe(
      400,
    );
    expect(
      (await roblox(`/v2/groups/${GROUP_ID}/transactions?transactionType=Payout&limit=10&cursor=nonsense`))
        .status,
    ).toBe(400);
    expect((await roblox('/v2/groups/42/transactions?transactionType=Payout&limit=10')).status).toBe(400);
    expect(
      (await roblox(`/v2/groups/${GROUP_ID}/transactions?transactionType=Payout`, { cookie: null })).status,
    ).toBe(401);
  });

  it('is emptied, with the groups and challenges, by a reset', async () => {
    await openPayoutGroup(stand.control, 100, { ...GROUP, members: { 1001: 'Eligible' } });
    await payout([{ recipientId: 1001, amount: 5 }]);
    await stand.control('POST', '/challenge', { on: true });
    await stand.control('POST', '/reset');
    expect(await stand.control('GET', '/group-payouts')).toEqual([]);
    expect(await stand.control('GET', '/challenge')).toEqual({
      on: false,
      type: 'twostepverification',
      challengesAnswered: 0,
    });
    expect((await roblox(`/v1/groups/${GROUP_ID}/currency`)).status).toBe(400);
  });
});
