import { useState, type ReactNode } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { buttonClasses } from './button-styles';
import { m } from '@/paraglide/messages.js';

/** What a confirmation asks: a short title, the full question, and the words on the button that acts. */
export interface Confirmation {
  title: string;
  question: string;
  confirm: string;
  /** The action takes something away (money, access): the button is red. */
  danger?: boolean;
}

/**
 * An action that waits for a yes. `ask(confirmation, act)` opens the dialog and runs `act` only when
 * the confirm button is pressed; `ask(false, act)` acts at once (for changes that need no question,
 * such as turning something back on). Render `dialog` once where the hook is used.
 */
export function useConfirmation(): {
  ask: (confirmation: Confirmation | false, act: () => void) => void;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<{ confirmation: Confirmation; act: () => void } | null>(null);
  const ask = (confirmation: Confirmation | false, act: () => void) => {
    if (confirmation === false) act();
    else setPending({ confirmation, act });
  };
  const dialog = (
    <ConfirmDialog
      confirmation={pending?.confirmation ?? null}
      onConfirm={() => {
        pending?.act();
        setPending(null);
      }}
      onCancel={() => setPending(null)}
    />
  );
  return { ask, dialog };
}

/**
 * The modal question (Radix AlertDialog): focus starts on Cancel, Escape cancels, Tab stays inside,
 * and screen readers announce the title and the question.
 */
export function ConfirmDialog({
  confirmation,
  onConfirm,
  onCancel,
}: {
  confirmation: Confirmation | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AlertDialog.Root open={confirmation !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="drawer-overlay fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        {confirmation && (
          <AlertDialog.Content className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-2xl border border-slate-800 bg-slate-950 p-5 shadow-2xl">
            <AlertDialog.Title className="text-lg font-bold text-white">
              {confirmation.title}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm break-words whitespace-pre-line text-slate-300">
              {confirmation.question}
            </AlertDialog.Description>
            <div className="mt-5 flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel className={buttonClasses('secondary', 'sm')}>
                {m.ui_cancel()}
              </AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonClasses(confirmation.danger ? 'danger' : 'primary', 'sm')}
                onClick={onConfirm}
              >
                {confirmation.confirm}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        )}
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
