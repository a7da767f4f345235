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

const cases = [
  {
    what: 'export',
    name: 'ExpOwnerX',
    method: 'GET',
    url: '/api/account/export',
    payload: undefined,
    max: 3,
  },
  {
    what: 'deletion',
    name: 'DelOwnerX',
    method: 'POST',
    url: '/api/account/delete',
    payload: { confirm: 'DELETE', forfeitRobux: 0 },
    max: 10,
  },
] as const;

describe(`a stranger cannot use up the owner's export and deletion budget on ${testEngine}`, () => {
  openTestApp();

  it.each(cases)(
    '$what: a typed-name stranger refused $max times does not stop the proven owner',
    async ({ name, method, url, payload, max }) => {
      // Verified, protection turned off by the owner (with proof): anyone may type the name.
      const owner = await playerWith(t, name, { verified: true, protection: false });
      const address = '198.51.100.66';
      const stranger = await signInFrom(t, name, { address, device: `strangerdevice${name}0000000000` });
      for (let i = 0; i < max; i++) {
        const res = await t.app.inject({
          method,
          url,
          payload,
          headers: bearer(stranger.token),
          remoteAddress: address,
        });
        expect(res.statusCode, res.body).toBe(403);
      }
      // The owner's session proved itself (the bio check) moments ago.
      const own = await t.api(method, url, payload, bearer(owner.token));
      expect(own.status, JSON.stringify(own.body)).toBe(200);
    },
  );
});
