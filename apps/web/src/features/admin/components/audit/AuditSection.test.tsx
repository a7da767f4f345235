import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditRow } from '@rewards/contracts';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { me } from '../staff/me.fixture';
import { AuditSection } from './AuditSection';

function entry(id: number, actor: string, action: string): AuditRow {
  return {
    id,
    actor,
    action,
    target: 'user:7',
    before: null,
    after: null,
    createdAt: '2026-03-01T10:00:00.000Z',
  };
}

describe('AuditSection', () => {
  it('filters by staff member (names offered to the owner) through ?actor=', async () => {
    const seen = stubApi({
      'GET /api/admin/me': { body: me('owner') },
      'GET /api/admin/staff': {
        body: {
          staff: [
            {
              id: 2,
              username: 'marco',
              role: 'moderator',
              totpEnabled: true,
              disabled: false,
              createdAt: '2026-03-01T09:00:00.000Z',
            },
          ],
        },
      },
      'GET /api/admin/audit': {
        body: { entries: [entry(2, 'marco', 'user.ban'), entry(1, 'olivia', 'promocode.create')] },
      },
      'GET /api/admin/audit?actor=marco': { body: { entries: [entry(2, 'marco', 'user.ban')] } },
    });
    renderPage(<AuditSection />, '/admin');
    expect((await screen.findAllByTestId('audit-action')).map((e) => e.textContent)).toEqual([
      'user.ban',
      'promocode.create',
    ]);
    await expect
      .poll(() => [...document.querySelectorAll('datalist option')].map((o) => o.getAttribute('value')))
      .toEqual(['olivia', 'marco']);

    await userEvent.setup().type(screen.getByLabelText('Staff member'), 'marco');
    await expect.poll(() => screen.queryAllByTestId('audit-action').length, { timeout: 3000 }).toBe(1);
    expect(screen.getByText('Newest first, by marco.')).toBeTruthy();
    expect(seen.map((r) => r.path)).toContain('/api/admin/audit?actor=marco');
  });

  it('takes a typed name from a role that cannot list the staff', async () => {
    const seen = stubApi({
      'GET /api/admin/me': { body: me('support') },
      'GET /api/admin/audit': { body: { entries: [] } },
      'GET /api/admin/audit?actor=worker': { body: { entries: [] } },
    });
    renderPage(<AuditSection />, '/admin');
    await userEvent.setup().type(await screen.findByLabelText('Staff member'), 'worker');
    expect(await screen.findByText('No actions by worker.', {}, { timeout: 3000 })).toBeTruthy();
    expect(seen.some((r) => r.path === '/api/admin/staff')).toBe(false);
  });
});
