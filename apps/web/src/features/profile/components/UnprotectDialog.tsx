import * as Dialog from '@radix-ui/react-dialog';
import type { LoginProofChallenge } from '@rewards/contracts';
import { BioSentenceProof } from '@/components/BioSentenceProof';
import { DialogCloseButton } from '@/components/ui/DialogCloseButton';
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
            <Dialog.Title className="text-lg font-bold text-white">Turn protection off</Dialog.Title>
            <DialogCloseButton label="Cancel" />
          </div>
          <Dialog.Description className="sr-only">Prove this account is yours first.</Dialog.Description>
          {proof && (
            <BioSentenceProof
              intro="Prove this account is yours: put this sentence in your Roblox profile's About, then press Check."
              sentence={proof.sentence}
              checkLabel="Check and turn off"
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
