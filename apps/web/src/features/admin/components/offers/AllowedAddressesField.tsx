import { useId } from 'react';
import { ShieldAlert } from 'lucide-react';
import type { PostbackScheme } from '@rewards/contracts';
import { TextAreaField } from '@/components/ui/FormField';
import { addressLines } from './wallFormState';

/** Schemes whose signature leaves the amount unprotected: the allow-list is what guards them. */
const UNSIGNED_AMOUNT: ReadonlySet<PostbackScheme> = new Set(['torox', 'adgate']);

/**
 * The wall's address allow-list, one address or CIDR range per line, with a warning while it is
 * empty (any address may then send postbacks).
 */
export function AllowedAddressesField({
  value,
  onChange,
  scheme,
  creating,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  scheme: PostbackScheme;
  creating: boolean;
  className?: string;
}) {
  const warningId = useId();
  const hintId = useId();
  const empty = addressLines(value).length === 0;
  return (
    <div className={className}>
      <TextAreaField
        compact
        label="Allowed addresses"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={3}
        spellCheck={false}
        placeholder={'203.0.113.7\n198.51.100.0/24\n2001:db8::1'}
        aria-describedby={empty ? `${hintId} ${warningId}` : hintId}
        className="[&_textarea]:font-mono"
      />
      <p id={hintId} className="mt-1.5 text-xs text-slate-500">
        One IPv4 or IPv6 address or CIDR range per line: postbacks from any other address are refused.
      </p>
      {empty && (
        <p
          id={warningId}
          className="mt-2 flex items-start gap-2 rounded-lg border border-amber-400/40 bg-amber-400/10 px-3 py-2 text-xs text-amber-200"
        >
          <ShieldAlert aria-hidden="true" className="mt-px size-4 shrink-0 text-amber-300" />
          <span>
            {creating && 'Empty: the provider’s published addresses are filled in where it publishes them. '}
            {creating ? 'Otherwise any' : 'Any'} address may send postbacks for this wall: only the signature
            protects it.
            {UNSIGNED_AMOUNT.has(scheme) &&
              ' This provider’s signature does not cover the amount: add its published addresses.'}
          </span>
        </p>
      )}
    </div>
  );
}
