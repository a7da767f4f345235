import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/FormField';
import { m } from '@/paraglide/messages.js';

/**
 * "Replace payout cookie": a password field that starts empty and is emptied once the server took
 * the value, so the cookie is never shown (the server never sends it back). Disabled, with the reason,
 * when the server cannot store one (no PAYOUT_SECRET_KEY).
 */
export function ReplaceCookieForm({
  canReplace,
  busy,
  error,
  onReplace,
  onMissing,
}: {
  canReplace: boolean;
  busy: boolean;
  /** Why the field's value was refused, shown under it. */
  error?: string;
  /** Sends the value; `done` empties the field once the server accepted it. */
  onReplace: (cookie: string, done: () => void) => void;
  /** Save pressed with nothing pasted. */
  onMissing: () => void;
}) {
  const [cookie, setCookie] = useState('');
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = cookie.trim();
    if (!value) return onMissing();
    onReplace(value, () => setCookie(''));
  }
  return (
    <form onSubmit={onSubmit} aria-label={m.admin_payout_replace_title()} className="flex flex-col gap-2">
      <h4 className="text-sm font-bold text-white">{m.admin_payout_replace_title()}</h4>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextField
          compact
          className="flex-1"
          label={m.admin_payout_new_cookie()}
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={canReplace ? m.admin_payout_cookie_placeholder() : undefined}
          value={cookie}
          error={error}
          disabled={!canReplace || busy}
          onChange={(event) => setCookie(event.target.value)}
          hint={canReplace ? m.admin_payout_cookie_hint() : m.admin_payout_cookie_no_key()}
        />
        <Button type="submit" size="sm" className="sm:mt-5.5 sm:h-10" disabled={!canReplace || busy}>
          <KeyRound aria-hidden="true" className="size-4" />
          {busy ? m.admin_payout_checking() : m.admin_payout_save_cookie()}
        </Button>
      </div>
    </form>
  );
}
