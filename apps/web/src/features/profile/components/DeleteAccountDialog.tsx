import { useState } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { CircleAlert, Trash2 } from 'lucide-react';
import {
  ACCOUNT_DELETION_CONFIRM,
  type AccountDeletionPreview,
  type LoginProofChallenge,
} from '@rewards/contracts';
import { BioSentenceProof } from '@/components/BioSentenceProof';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/FormField';
import { Spinner } from '@/components/ui/Spinner';
import { ApiError, bodyFields } from '@/lib/api-client';
import { formatRobux } from '@/lib/format';
import { errorMessage } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { deleteAccount } from '../api/account-deletion';
import { requestProtectionProof } from '../api/protection';

/**
 * "Delete my account", asked in a dialog: what is forfeited (the balance, stated first), erased and
 * kept, the word DELETE typed, and for a protected account the bio proof before the request is sent.
 * Mounted only while open, so each opening starts from the top.
 */
export function DeleteAccountDialog({
  preview,
  onCancel,
  onDeleted,
}: {
  preview: AccountDeletionPreview;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const [typed, setTyped] = useState('');
  // The amount the request says is forfeited; a BALANCE_CHANGED answer brings the current one.
  const [forfeit, setForfeit] = useState(preview.balance);
  const [proof, setProof] = useState<LoginProofChallenge | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function askForProof() {
    setProof(await requestProtectionProof());
  }

  /** Sends the deletion; an answer the dialog can act on changes its step, anything else is thrown. */
  async function send(proofToken?: string) {
    try {
      await deleteAccount({ confirm: ACCOUNT_DELETION_CONFIRM, forfeitRobux: forfeit, proofToken });
      onDeleted();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === 'BALANCE_CHANGED') {
        const balance = bodyFields(err.body).balance;
        if (typeof balance === 'number') setForfeit(balance);
        setProof(null);
        setProblem(m.profile_delete_balance_changed());
      } else if (err.code === 'PROOF_REQUIRED' && !proofToken) {
        // The proof made at sign-in is older than the server accepts: a fresh sentence.
        await askForProof();
      } else throw err;
    }
  }

  async function onConfirm() {
    if (busy || typed !== ACCOUNT_DELETION_CONFIRM) return;
    setBusy(true);
    setProblem(null);
    try {
      if (preview.proofRequired) await askForProof();
      else await send();
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="drawer-overlay fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[90vh] max-w-md -translate-y-1/2 overflow-y-auto rounded-2xl border border-rose-500/40 bg-slate-950 p-5 shadow-2xl">
          <AlertDialog.Title className="flex items-center gap-2 text-lg font-bold text-white">
            <Trash2 aria-hidden="true" className="size-5 text-rose-300" /> {m.profile_delete_title()}
          </AlertDialog.Title>
          <AlertDialog.Description
            data-testid="deletion-forfeit"
            className="mt-3 rounded-xl border border-rose-500/30 bg-rose-500/10 px-4 py-3 text-sm font-semibold text-rose-100"
          >
            {forfeit > 0
              ? m.profile_delete_forfeit({ amount: formatRobux(forfeit, { cents: 'always' }) })
              : m.profile_delete_nothing({ amount: formatRobux(0, { cents: 'always' }) })}{' '}
            {preview.pending > 0 &&
              `${m.profile_delete_pending({ amount: formatRobux(preview.pending, { cents: 'always' }) })} `}
            {m.profile_delete_cannot_undo()}
          </AlertDialog.Description>
          <ul className="mt-3 flex list-disc flex-col gap-1.5 pl-5 text-sm text-slate-300">
            <li>
              <strong className="text-white">{m.profile_delete_erased_label()}</strong>{' '}
              {m.profile_delete_erased()}
            </li>
            <li>
              <strong className="text-white">{m.profile_delete_kept_label()}</strong>
              {m.profile_delete_kept()}
            </li>
            <li>{m.profile_delete_new_account()}</li>
          </ul>
          {proof ? (
            <div className="mt-4 border-t border-slate-800 pt-4">
              <BioSentenceProof
                intro={m.profile_delete_proof_intro()}
                sentence={proof.sentence}
                checkLabel={m.profile_delete_check()}
                check={() => send(proof.proofToken)}
              />
              <div className="flex justify-end">
                <AlertDialog.Cancel className={buttonClasses('secondary', 'sm')}>
                  {m.profile_cancel()}
                </AlertDialog.Cancel>
              </div>
            </div>
          ) : (
            <form
              className="mt-4 flex flex-col gap-4"
              onSubmit={(event) => {
                event.preventDefault();
                void onConfirm();
              }}
            >
              <TextField
                label={m.profile_delete_type_confirm({ word: ACCOUNT_DELETION_CONFIRM })}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
              {problem && (
                <p role="alert" className="flex items-start gap-2 text-sm text-rose-300">
                  <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span>{problem}</span>
                </p>
              )}
              <div className="flex flex-wrap justify-end gap-2">
                <AlertDialog.Cancel className={buttonClasses('secondary', 'sm')}>
                  {m.profile_cancel()}
                </AlertDialog.Cancel>
                <Button
                  type="submit"
                  variant="danger"
                  size="sm"
                  disabled={busy || typed !== ACCOUNT_DELETION_CONFIRM}
                  aria-busy={busy}
                >
                  {busy ? <Spinner className="size-4" /> : <Trash2 aria-hidden="true" className="size-4" />}
                  {preview.proofRequired ? m.profile_delete_continue() : m.profile_delete_title()}
                </Button>
              </div>
            </form>
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
