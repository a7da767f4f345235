import { describe, expect, it } from 'vitest';
import { playerWith, signInFrom } from './support/sign-ins.ts';
import { openTestApp, t } from './support/suite.ts';
import { bearer } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';

/*
 * The data export's and the deletion's rate limits count per player from each address: a stranger
 * who typed the name of an account that is not protected, and is refused without proof, does not use
 * up the owner's budget.
 */

describe(`a stranger cannot use up the owner's export and deletion budget on ${testEngine}`, () => {
  openTestApp();

  it('export: three refused downloads by a typed-name stranger do not stop the proven owner', async () => {
    // Verified, protection turned off by the owner (with proof): anyone may type the name.
    const owner = await playerWith(t, 'ExpOwnerX', { verified: true, protection: false });
    const stranger = await signInFrom(t, 'ExpOwnerX', {
      address: '198.51.100.66',
      device: 'strangerdevice00000000000001',
    });
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/account/export',
        headers: bearer(stranger.token),
        remoteAddress: '198.51.100.66',
      });
      expect(res.statusCode).toBe(403);
    }
    // The owner's session proved itself (the bio check) moments ago.
    const own = await t.api('GET', '/api/account/export', undefined, bearer(owner.token));
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it('deletion: ten refused deletions by a typed-name stranger do not stop the proven owner deleting', async () => {
    const owner = await playerWith(t, 'DelOwnerX', { verified: true, protection: false });
    const stranger = await signInFrom(t, 'DelOwnerX', {
      address: '198.51.100.67',
      device: 'strangerdevice00000000000002',
    });
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/delete',
        payload: { confirm: 'DELETE', forfeitRobux: 0 },
        headers: bearer(stranger.token),
        remoteAddress: '198.51.100.67',
      });
      expect(res.statusCode).toBe(403);
    }
    const own = await t.api(
      'POST',
      '/api/account/delete',
      { confirm: 'DELETE', forfeitRobux: 0 },
      bearer(owner.token),
    );
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });
});
