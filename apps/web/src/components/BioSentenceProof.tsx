import { useState, type ReactNode } from 'react';
import { BadgeCheck, CircleAlert, Copy } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { m } from '@/paraglide/messages.js';

/**
 * A fresh sentence the owner puts in their Roblox profile's About to prove an account is theirs, and
 * the Check that reads it (the login page's proof step, turning protection off). `check` throws when
 * the sentence is not there yet; its message is shown.
 */
export function BioSentenceProof({
  intro,
  sentence,
  check,
  checkLabel = m.ui_check(),
}: {
  intro: ReactNode;
  sentence: string;
  check: () => Promise<void>;
  checkLabel?: string;
}) {
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  async function onCheck() {
    if (checking) return;
    setChecking(true);
    setProblem(null);
    try {
      await check();
    } catch (err) {
      // Loaded when needed: imported statically, the error catalogue and the toaster (12 KB gzip) rode
      // into the landing page, whose icons share a chunk with this component.
      const { errorMessage } = await import('@/lib/error-message');
      setProblem(errorMessage(err));
    } finally {
      setChecking(false);
    }
  }

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(sentence);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-300">{intro}</p>
      <div className="rounded-xl border border-slate-700 bg-slate-950/70 px-4 py-3.5">
        <p className="text-xs font-medium tracking-wide text-slate-400 uppercase">
          {m.ui_proof_your_sentence()}
        </p>
        <p data-testid="proof-sentence" className="mt-1 font-mono text-base break-words text-emerald-100">
          {sentence}
        </p>
      </div>
      <div className="flex gap-2 sm:gap-3">
        <Button variant="secondary" onClick={() => void onCopy()} className="flex-1 sm:flex-none">
          <Copy aria-hidden="true" className="size-4" /> {copied ? m.ui_copied() : m.ui_copy()}
        </Button>
        <Button
          onClick={() => void onCheck()}
          disabled={checking}
          aria-busy={checking}
          className="flex-1 sm:flex-none"
        >
          {checking ? <Spinner className="size-4" /> : <BadgeCheck aria-hidden="true" className="size-4" />}
          {checkLabel}
        </Button>
      </div>
      <p role="status" className="flex min-h-5 items-start gap-2 text-sm text-rose-300">
        {problem && (
          <>
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{problem}</span>
          </>
        )}
      </p>
    </div>
  );
}
