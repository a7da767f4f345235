import { lazy, Suspense, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import type { LoginProofChallenge, ProveOwnershipResponse } from '@rewards/contracts';
import { BioSentenceProof } from '@/components/BioSentenceProof';
import { DialogCloseButton } from '@/components/ui/DialogCloseButton';
import { Spinner } from '@/components/ui/Spinner';
import { ApiError, apiFetch } from '@/lib/api-client';
import { forgetReferral, storedReferral } from '@/lib/session';
import { m } from '@/paraglide/messages.js';

/** The refusal of an act that needs this session to prove ownership first. */
export function proofRequired(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'PROOF_REQUIRED';
}

// Loaded with the dialog: statically imported, the button and its config read rode into the shared
// chunk the landing page loads (e2e/web-speed.test.ts).
const RobloxSignInButton = lazy(() =>
  import('@/components/RobloxSignInButton').then((m) => ({ default: m.RobloxSignInButton })),
);

function requestSentence(): Promise<LoginProofChallenge> {
  return apiFetch<LoginProofChallenge>('/api/account/protection/proof', { method: 'POST' });
}

function proveSession(proofToken: string): Promise<ProveOwnershipResponse> {
  return apiFetch<ProveOwnershipResponse>('/api/account/prove', {
    method: 'POST',
    body: { proofToken, ref: storedReferral() ?? null },
  });
}

/**
 * Acts that could hurt or expose the owner (downloading the data, signing other sessions out,
 * changing protection) need this session to have proven ownership lately: anyone can type a name.
 * `run(act)` tries the act; when the server answers PROOF_REQUIRED it opens a dialog with both ways
 * to prove it (a fresh sentence in the Roblox bio, or Sign in with Roblox, which comes back to
 * `returnTo`), then runs the act again. Other failures are thrown to the caller.
 */
export function useOwnershipProof(returnTo: string): {
  run: (act: () => Promise<void>) => Promise<void>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<{ act: () => Promise<void> } | null>(null);
  const [proof, setProof] = useState<LoginProofChallenge | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(act: () => Promise<void>) {
    try {
      await act();
    } catch (err) {
      if (!proofRequired(err)) throw err;
      setProof(null);
      setProblem(null);
      setPending({ act });
      try {
        setProof(await requestSentence());
      } catch (sentenceErr) {
        const { errorMessage } = await import('@/lib/error-message');
        setProblem(errorMessage(sentenceErr));
      }
    }
  }

  const close = () => {
    setPending(null);
    setProof(null);
  };

  const dialog = (
    <Dialog.Root open={pending !== null} onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          data-testid="prove-ownership"
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[90dvh] max-w-md -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-800 bg-slate-950 p-5 shadow-2xl"
        >
          <div className="mb-3 flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-bold text-white">{m.ui_prove_title()}</Dialog.Title>
            <DialogCloseButton label={m.ui_cancel()} />
          </div>
          <Dialog.Description className="mb-4 text-sm text-slate-400">{m.ui_prove_why()}</Dialog.Description>
          {problem && (
            <p role="alert" className="text-sm text-rose-300">
              {problem}
            </p>
          )}
          {!proof && !problem && <Spinner label={m.ui_prove_loading()} className="size-5 text-emerald-300" />}
          {proof && pending && (
            <BioSentenceProof
              intro={m.ui_prove_intro()}
              sentence={proof.sentence}
              check={async () => {
                await proveSession(proof.proofToken);
                forgetReferral();
                const { act } = pending;
                close();
                await act();
              }}
            />
          )}
          {/* "or Sign in with Roblox", when the site offers it: nothing at all otherwise. */}
          <div className="mt-2 flex flex-col gap-3">
            <Suspense fallback={null}>
              <RobloxSignInButton referrer={storedReferral()} returnTo={returnTo} />
            </Suspense>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );

  return { run, dialog };
}
