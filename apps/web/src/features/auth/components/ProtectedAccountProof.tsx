import type { ReactNode } from 'react';
import { ArrowLeft, LockKeyhole } from 'lucide-react';
import type { LoginProofChallenge } from '@rewards/contracts';
import { BioSentenceProof } from '@/components/BioSentenceProof';
import { Button } from '@/components/ui/Button';
import { m } from '@/paraglide/messages.js';
import { CardIntro } from '@/components/ui/CardIntro';
import { proveLogin } from '../api/prove';
import { useCompleteSignIn } from './complete-sign-in';

/**
 * The login page's proof step for a protected account: the fresh sentence to put in the Roblox
 * profile's About, Check, and (when the site offers it) Sign in with Roblox in `alternative`.
 */
export function ProtectedAccountProof({
  username,
  proof,
  onBack,
  alternative,
}: {
  username: string;
  proof: LoginProofChallenge;
  onBack: () => void;
  alternative?: ReactNode;
}) {
  const completeSignIn = useCompleteSignIn();
  return (
    <div data-testid="protected-account-proof">
      <CardIntro
        icon={LockKeyhole}
        level={1}
        title={m.auth_prove_title({ name: username })}
        description={m.auth_prove_description()}
      />
      <BioSentenceProof
        intro={m.auth_protected_intro()}
        sentence={proof.sentence}
        check={async () => completeSignIn(await proveLogin(proof.proofToken))}
      />
      {alternative && (
        <div className="mt-2 flex flex-col gap-3 border-t border-slate-800 pt-5">
          <p className="text-sm text-slate-400">{m.auth_prove_alternative()}</p>
          {alternative}
        </div>
      )}
      <Button variant="ghost" onClick={onBack} className="mt-4">
        <ArrowLeft aria-hidden="true" className="size-4" /> {m.auth_use_another_name()}
      </Button>
    </div>
  );
}
