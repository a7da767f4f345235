import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/FormField';

/**
 * "Replace payout cookie": a password field that starts empty and is emptied once the server took
 * the value, so the cookie is never shown (the server never sends it back). Disabled, with the reason,
 * when the server cannot store one (no PAYOUT_SECRET_KEY).
 */
export function ReplaceCookieForm({
  canReplace,
  busy,
  onReplace,
  onMissing,
}: {
  canReplace: boolean;
  busy: boolean;
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
    <form onSubmit={onSubmit} aria-label="Replace payout cookie" className="flex flex-col gap-2">
      <h4 className="text-sm font-bold text-white">Replace payout cookie</h4>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextField
          compact
          className="flex-1"
          label="New .ROBLOSECURITY value"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={canReplace ? 'Paste the cookie value' : undefined}
          value={cookie}
          disabled={!canReplace || busy}
          onChange={(event) => setCookie(event.target.value)}
          hint={
            canReplace
              ? 'Roblox must accept it before it is stored (encrypted). It is never shown again. Payouts stay stopped until you resume them.'
              : 'Set PAYOUT_SECRET_KEY (32 characters or more) on the server to store a cookie from the console.'
          }
        />
        <Button type="submit" size="sm" className="sm:mt-5.5 sm:h-10" disabled={!canReplace || busy}>
          <KeyRound aria-hidden="true" className="size-4" />
          {busy ? 'Checking...' : 'Save cookie'}
        </Button>
      </div>
    </form>
  );
}
