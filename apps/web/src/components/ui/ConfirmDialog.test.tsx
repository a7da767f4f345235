import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useConfirmation, type Confirmation } from './ConfirmDialog';

const question: Confirmation = {
  title: 'Disable this wall?',
  question: 'Disable Lootably? Its card disappears and its postbacks are refused.',
  confirm: 'Disable',
  danger: true,
};

function Asker({ confirmation, act }: { confirmation: Confirmation | false; act: () => void }) {
  const { ask, dialog } = useConfirmation();
  return (
    <>
      <button type="button" onClick={() => ask(confirmation, act)}>
        Toggle
      </button>
      {dialog}
    </>
  );
}

/** The console's confirmation (it replaced window.confirm): nothing happens until the admin agrees. */
describe('useConfirmation', () => {
  it('names the dialog by its title, describes it by the question and starts on Cancel', async () => {
    const act = vi.fn();
    render(<Asker confirmation={question} act={act} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Toggle' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable this wall?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      question.question,
    );
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(act).not.toHaveBeenCalled();
  });

  it('acts once when confirmed, from the keyboard', async () => {
    const act = vi.fn();
    const user = userEvent.setup();
    render(<Asker confirmation={question} act={act} />);
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    await screen.findByRole('alertdialog');
    await user.tab(); // Cancel → Disable
    await user.keyboard('{Enter}');
    expect(act).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it.each([
    { how: 'Escape', leave: (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}') },
    {
      how: 'Cancel',
      leave: (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: 'Cancel' })),
    },
  ])('does nothing when left with $how', async ({ leave }) => {
    const act = vi.fn();
    const user = userEvent.setup();
    render(<Asker confirmation={question} act={act} />);
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    await screen.findByRole('alertdialog');
    await leave(user);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(act).not.toHaveBeenCalled();
  });

  it('acts at once, without a dialog, when there is nothing to ask', async () => {
    const act = vi.fn();
    render(<Asker confirmation={false} act={act} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Toggle' }));
    expect(act).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
