import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffRole } from '@rewards/contracts';
import { me } from '@/features/admin/components/staff/me.fixture';
import { stubApi } from './api-stub';
import { renderPage } from './render';

type Answers = Parameters<typeof stubApi>[0];

/**
 * A console section's renderer for its tests: `show(answers)` stubs the server with the member's
 * `GET /api/admin/me` (an owner unless `role` says otherwise), the section's usual `answers` and the
 * test's own over them, renders `ui` at /admin, and returns the requests seen, the writes among them
 * and a user to act with.
 */
export function consoleSection(ui: ReactNode, defaults: { role?: StaffRole; answers?: Answers } = {}) {
  return (answers: Answers = {}) => {
    const seen = stubApi({
      'GET /api/admin/me': { body: me(defaults.role ?? 'owner') },
      ...defaults.answers,
      ...answers,
    });
    renderPage(ui, '/admin');
    return { seen, user: userEvent.setup(), writes: () => seen.filter((r) => r.method !== 'GET') };
  };
}

/** The table row of a console list whose name cell (a `<p>`) reads `name`. */
export const tableRowOf = (name: string) => screen.getByText(name, { selector: 'p' }).closest('tr')!;
