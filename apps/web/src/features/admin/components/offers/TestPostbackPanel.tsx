import { useState, type FormEvent } from 'react';
import { Send, X } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';
import { useTestPostback, type AdminWall } from '../../api/offers';
import { SectionError } from '../SectionError';
import { TextField } from '@/components/ui/FormField';
import { TestPostbackResult } from './TestPostbackResult';

/**
 * "Send a test postback": asks for a player's username, has the server send the wall an R$0.01
 * postback built and signed exactly as its provider would, and shows what came back.
 */
export function TestPostbackPanel({ wall, onClose }: { wall: AdminWall; onClose: () => void }) {
  const test = useTestPostback();
  const [username, setUsername] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = username.trim();
    setInvalid(null);
    test.reset();
    if (!name) return setInvalid(m.admin_setup_test_username_missing());
    test.mutate({ slug: wall.slug, username: name });
  }

  return (
    <section
      aria-label={m.admin_setup_test_postback_to({ wall: wall.name })}
      className="mb-6 rounded-xl border border-slate-700 bg-slate-950/50 p-4"
    >
      <div className="mb-3 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 className="font-semibold text-white">
            {m.admin_setup_send_test_postback_to({ wall: wall.name })}
          </h4>
          <p className="mt-0.5 text-sm text-slate-400">
            {m.admin_setup_test_postback_explained({ amount: formatRobux(0.01), wall: wall.name })}
          </p>
        </div>
        <Button variant="ghost" size="sm" aria-label={m.admin_setup_test_postback_close()} onClick={onClose}>
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <SectionError
        error={invalid ?? test.error}
        title={invalid ? undefined : m.admin_setup_test_postback_failed()}
      />
      <form
        onSubmit={submit}
        noValidate
        aria-label={m.admin_setup_send_test_postback_to({ wall: wall.name })}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <TextField
          compact
          label={m.admin_setup_test_username()}
          error={invalid}
          className="sm:w-72"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          placeholder="AliceRBX"
        />
        {/* Level with the input (below its label) even while an error shows under it. */}
        <Button type="submit" disabled={test.isPending} className="h-10 sm:mt-[1.375rem]">
          <Send aria-hidden="true" className="size-4" />
          {test.isPending ? m.admin_setup_sending() : m.admin_setup_send_test_postback()}
        </Button>
      </form>
      {test.data && <TestPostbackResult result={test.data} />}
    </section>
  );
}
