import { render, screen } from '@testing-library/react';
import { Gift } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { ConfirmDialog } from './ConfirmDialog';
import { Pager } from './Pager';
import { PlaceholderPanel } from './PlaceholderPanel';

/** The shared components' own words follow the language. */
describe('shared components in French', () => {
  it('pager, placeholder and the confirmation dialog', () => {
    changeLocale('fr');
    render(
      <>
        <Pager page={1} pages={3} onPage={() => {}}>
          Page 1
        </Pager>
        <PlaceholderPanel icon={Gift} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeTruthy();
    expect(screen.getByText('Presque prêt')).toBeTruthy();
    // The dialog is modal: everything behind it leaves the accessibility tree.
    render(
      <ConfirmDialog
        confirmation={{ title: 'Bannir ?', question: 'Vraiment ?', confirm: 'Bannir', danger: true }}
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeTruthy();
  });
});
