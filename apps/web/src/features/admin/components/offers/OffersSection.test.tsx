import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminPostback, AdminWall } from '@rewards/contracts';
import { changeLocale } from '@/lib/i18n';
import { consoleSection, tableRowOf } from '@/test/console';
import { OffersSection } from './OffersSection';

const LOOTABLY: AdminWall = {
  id: 1,
  slug: 'lootably',
  name: 'Lootably',
  logoUrl: '',
  kind: 'offerwall',
  iframeTemplate: 'https://wall.lootably.example/?placementID={placementId}&sid={userId}',
  postbackScheme: 'lootably',
  amountMode: 'usd_rate',
  rate: 1000,
  allowedIps: ['203.0.113.7', '198.51.100.0/24'],
  anyAddress: false,
  maxCredit: 1234.5,
  frameParams: { placementId: 'abc' },
  successBody: '',
  active: true,
  sort: 1,
  hasSecret: true,
  postbackUrl: 'https://rewards.example/api/postback/lootably?userID={userID}',
  frameParamNames: ['placementId'],
  missing: [],
};

/** AdGem as shipped and enabled: no app id, no secret, no addresses. */
const ADGEM: AdminWall = {
  ...LOOTABLY,
  id: 2,
  slug: 'adgem',
  name: 'AdGem',
  iframeTemplate: 'https://api.adgem.com/v1/wall?appid={appId}&playerid={userId}',
  postbackScheme: 'adgem',
  allowedIps: [],
  frameParams: { appId: '' },
  frameParamNames: ['appId'],
  hasSecret: false,
  postbackUrl: 'https://rewards.example/api/postback/adgem?player_id={player_id}',
  missing: [{ what: 'providerId', name: 'appId' }, { what: 'postbackSecret' }, { what: 'allowedIps' }],
};

const HELD: AdminPostback = {
  id: 41,
  wall: 'lootably',
  transId: 'tx-41',
  userId: 3,
  action: 'credit',
  amount: 2500,
  reason: 'Over the max credit.',
  params: { userID: '3' },
  verdict: 'held',
  ip: '203.0.113.7',
  ledgerEntryId: null,
  createdAt: '2026-03-01T10:00:00.000Z',
};

const show = consoleSection(<OffersSection />, {
  answers: {
    'GET /api/admin/walls': { body: { walls: [LOOTABLY] } },
    'GET /api/admin/postbacks': { body: { postbacks: [HELD], nextBefore: null } },
    'PATCH /api/admin/walls/lootably': (body) => ({ body: { ...LOOTABLY, ...(body as object) } }),
    'POST /api/admin/postbacks/41/reject': { body: { postbackId: 41, verdict: 'rejected', outcome: null } },
  },
});

describe('OffersSection', () => {
  it('says per wall what it still needs before players can open it, or that it is open', async () => {
    show({ 'GET /api/admin/walls': { body: { walls: [LOOTABLY, ADGEM] } } });
    const adgem = (await screen.findByText('adgem', { selector: 'p' })).closest('tr')!;
    expect(adgem.textContent).toContain(
      'Coming soon until set: App ID, postback secret, allowed addresses (or any address)',
    );
    expect(within(adgem).getByText('No address yet')).toBeTruthy();
    expect(tableRowOf('lootably').textContent).toContain('Open: players can use it and are credited.');
    expect(tableRowOf('lootably').textContent).not.toContain('Coming soon until set');
  });

  it('the form sends the operator’s choice to accept any address', async () => {
    const { user, writes } = show({ 'GET /api/admin/walls': { body: { walls: [LOOTABLY, ADGEM] } } });
    await user.click(await screen.findByRole('button', { name: 'Edit AdGem' }));
    const form = screen.getByRole('form', { name: 'Edit AdGem' });
    expect(form.textContent).toContain('No address is listed: every postback is refused');
    await user.click(within(form).getByRole('checkbox', { name: /Accept postbacks from any address/ }));
    await user.click(within(form).getByRole('button', { name: 'Save wall' }));
    await expect.poll(() => writes()).toHaveLength(1);
    expect(writes()[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/admin/walls/adgem',
      body: { anyAddress: true, allowedIps: [] },
    });
  });

  it('disables a wall only once the dialog is confirmed', async () => {
    const { user, writes } = show();
    await user.click(await screen.findByRole('button', { name: 'Disable Lootably' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Disable Lootably? Its card disappears and its postbacks are refused.',
    );
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await expect
      .poll(() => writes())
      .toEqual([{ method: 'PATCH', path: '/api/admin/walls/lootably', body: { active: false } }]);
  });

  it('saving an active wall with Active unticked asks first; Cancel keeps the form and sends nothing', async () => {
    const { user, writes } = show();
    await user.click(await screen.findByRole('button', { name: 'Edit Lootably' }));
    const form = screen.getByRole('form', { name: 'Edit Lootably' });
    await user.click(within(form).getByRole('checkbox', { name: /^Active/ }));
    await user.click(within(form).getByRole('button', { name: 'Save wall' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Disable Lootably?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);
    expect(screen.getByRole('form', { name: 'Edit Lootably' })).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Save wall' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await expect.poll(() => writes().length).toBe(1);
    expect(writes()[0]).toMatchObject({ method: 'PATCH', body: { active: false, maxCredit: 1234.5 } });
    expect(await screen.findByText('Wall saved')).toBeTruthy();
  });

  it('rejects a held postback only once the dialog is confirmed', async () => {
    const { user, writes } = show();
    await user.click(await screen.findByRole('button', { name: 'Reject postback 41' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Reject postback #41 of lootably (transaction tx-41)? Nothing is credited; the provider is not told.',
    );
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect
      .poll(() => writes())
      .toEqual([{ method: 'POST', path: '/api/admin/postbacks/41/reject', body: undefined }]);
  });

  it('shows a refused wall value under its field', async () => {
    const { user, writes } = show();
    await user.click(await screen.findByRole('button', { name: 'Edit Lootably' }));
    const form = screen.getByRole('form', { name: 'Edit Lootably' });
    const addresses = within(form).getByLabelText('Allowed addresses');
    await user.clear(addresses);
    await user.type(addresses, 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Save wall' }));
    const message = '"not-an-address" is not an IPv4 or IPv6 address or CIDR range.';
    expect(addresses.getAttribute('aria-invalid')).toBe('true');
    const described = addresses.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(message);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(writes()).toEqual([]);
  });

  it('reads in French, amounts in Belgian format, plurals and the dialog included', async () => {
    changeLocale('fr');
    const { user } = show();
    await screen.findByText('lootably', { selector: 'p' });
    const row = within(tableRowOf('lootably'));
    expect(screen.getByText('Murs')).toBeTruthy();
    expect(screen.getByText('Journal des postbacks')).toBeTruthy();
    expect(row.getByText('Mur d’offres', { exact: false })).toBeTruthy();
    expect(row.getByText('R$ 1.000 par USD')).toBeTruthy();
    expect(row.getByText('Max R$ 1.234,50 / postback')).toBeTruthy();
    expect(row.getByText('2 adresses autorisées')).toBeTruthy();
    expect(row.getByText('Secret défini')).toBeTruthy();
    const log = within(screen.getByText('tx-41').closest('tr')!);
    expect(log.getByText('R$ 2.500')).toBeTruthy();
    expect(log.getByText('retenu')).toBeTruthy();

    await user.click(log.getByRole('button', { name: 'Approuver le postback 41' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Approuver le postback n° 41 de lootably (transaction tx-41) ? Il crédite R$ 2.500 à l’utilisateur 3, une seule fois.',
    );
  });
});
