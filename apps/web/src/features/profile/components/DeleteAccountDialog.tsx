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
import { deleteAccount } from '../api/account-deletion';
import { requestProtectionProof } from '../api/protection';

const BALANCE_CHANGED_PROBLEM =
  'Your balance changed since this opened: check the amount above, then confirm again.';

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
        setProblem(BALANCE_CHANGED_PROBLEM);
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
            <Trash2 aria-hidden="true" className="size-5 text-rose-300" /> Delete my account
          </AlertDialog.Title>
          <AlertDialog.Description
            data-testid="deletion-forfeit"
            className="mt-3 rounded-xl border border-rose-500/30 bg-rose-500/10 px-4 py-3 text-sm font-semibold text-rose-100"
          >
            {forfeit > 0
              ? `You will lose ${formatRobux(forfeit)}.`
              : `Your balance is ${formatRobux(0)}: nothing is forfeited.`}{' '}
            This cannot be undone.
          </AlertDialog.Description>
          <ul className="mt-3 flex list-disc flex-col gap-1.5 pl-5 text-sm text-slate-300">
            <li>
              <strong className="text-white">Erased:</strong> your username, the link to your Roblox account,
              your verification, sign-in address hashes and device ids. Every session is signed out.
            </li>
            <li>
              <strong className="text-white">Kept</strong>, with nothing that leads back to you: your rewards
              history and withdrawals, for our accounting and fraud duties.
            </li>
            <li>Signing in again with the same Roblox name creates a new, empty account.</li>
          </ul>
          {proof ? (
            <div className="mt-4 border-t border-slate-800 pt-4">
              <BioSentenceProof
                intro="Your account is protected. Prove it is yours: put this sentence in your Roblox profile's About, then press Check."
                sentence={proof.sentence}
                checkLabel="Check and delete"
                check={() => send(proof.proofToken)}
              />
              <div className="flex justify-end">
                <AlertDialog.Cancel className={buttonClasses('secondary', 'sm')}>Cancel</AlertDialog.Cancel>
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
                label={`Type ${ACCOUNT_DELETION_CONFIRM} to confirm`}
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
                <AlertDialog.Cancel className={buttonClasses('secondary', 'sm')}>Cancel</AlertDialog.Cancel>
                <Button
                  type="submit"
                  variant="danger"
                  size="sm"
                  disabled={busy || typed !== ACCOUNT_DELETION_CONFIRM}
                  aria-busy={busy}
                >
                  {busy ? <Spinner className="size-4" /> : <Trash2 aria-hidden="true" className="size-4" />}
                  {preview.proofRequired ? 'Continue' : 'Delete my account'}
                </Button>
              </div>
            </form>
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
