import * as Dialog from '@radix-ui/react-dialog';
import type { LoginProofChallenge } from '@rewards/contracts';
import { BioSentenceProof } from '@/components/BioSentenceProof';
import { DialogCloseButton } from '@/components/ui/DialogCloseButton';
import { m } from '@/paraglide/messages.js';
import { setProtection } from '../api/protection';

/** The proof asked before protection goes off: the fresh sentence in the Roblox profile, then Check. */
export function UnprotectDialog({
  proof,
  onDone,
}: {
  proof: LoginProofChallenge | null;
  /** `true` once protection is off; `false` when the dialog was closed without it. */
  onDone: (turnedOff: boolean) => void;
}) {
  return (
    <Dialog.Root open={proof !== null} onOpenChange={(open) => !open && onDone(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-2xl border border-slate-800 bg-slate-950 p-5 shadow-2xl">
          <div className="mb-3 flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-bold text-white">
              {m.profile_unprotect_title()}
            </Dialog.Title>
            <DialogCloseButton label={m.profile_cancel()} />
          </div>
          <Dialog.Description className="sr-only">{m.profile_unprotect_description()}</Dialog.Description>
          {proof && (
            <BioSentenceProof
              intro={m.profile_unprotect_intro()}
              sentence={proof.sentence}
              checkLabel={m.profile_unprotect_check()}
              check={async () => {
                await setProtection({ on: false, proofToken: proof.proofToken });
                onDone(true);
              }}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
