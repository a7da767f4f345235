import { Copy, TriangleAlert } from 'lucide-react';
import { toastError, toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { Button } from '@/components/ui/Button';
import { copyText } from '../copyText';

/**
 * The recovery codes, shown once right after two-factor sign-in is turned on (the server keeps only
 * their hashes). Each signs in once in place of a code from the app.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  function onCopy() {
    copyText(codes.join('\n')).then(
      () => toastSuccess(m.admin_setup_recovery_copied(), m.admin_setup_recovery_copied_detail()),
      (err: unknown) => toastError(err, m.admin_setup_recovery_copy_failed()),
    );
  }

  return (
    <section aria-labelledby="recovery-codes-title" className="flex flex-col gap-4">
      <div
        role="note"
        className="flex items-start gap-3 rounded-xl border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-sm text-amber-100"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
        <p>
          <strong id="recovery-codes-title" className="font-semibold text-amber-200">
            {m.admin_setup_recovery_title()}
          </strong>{' '}
          {m.admin_setup_recovery_explained()}
        </p>
      </div>
      <ol
        aria-label={m.admin_setup_recovery_codes()}
        className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-xl border border-slate-800 bg-slate-950/60 p-4 font-mono text-sm text-white sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onCopy}>
          <Copy aria-hidden="true" className="size-4" /> {m.admin_setup_recovery_copy()}
        </Button>
        <Button size="sm" onClick={onDone}>
          {m.admin_setup_recovery_done()}
        </Button>
      </div>
    </section>
  );
}
