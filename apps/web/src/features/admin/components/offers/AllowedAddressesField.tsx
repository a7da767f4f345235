import { ShieldAlert } from 'lucide-react';
import type { PostbackScheme } from '@rewards/contracts';
import { TextAreaField } from '@/components/ui/FormField';
import { cn } from '@/lib/cn';
import { m } from '@/paraglide/messages.js';
import { addressLines } from './wallFormState';

/** Schemes whose signature leaves the amount unprotected: the allow-list is what guards them. */
const UNSIGNED_AMOUNT: ReadonlySet<PostbackScheme> = new Set(['torox', 'adgate']);

/**
 * The wall's address allow-list, one address or CIDR range per line, with a warning while it is
 * empty (no address may then send postbacks, or any address when the operator chose that). The warning sits in the field's hint, so the field
 * is described by it (and by its error, when the form refused a line).
 */
export function AllowedAddressesField({
  value,
  onChange,
  scheme,
  creating,
  anyAddress,
  error,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  scheme: PostbackScheme;
  creating: boolean;
  /** The operator accepts postbacks from any address while the list is empty. */
  anyAddress: boolean;
  error?: string;
  className?: string;
}) {
  const empty = addressLines(value).length === 0;
  return (
    <TextAreaField
      compact
      className={cn(className, '[&_textarea]:font-mono')}
      label={m.admin_setup_allowed_addresses()}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      rows={3}
      spellCheck={false}
      placeholder={'203.0.113.7\n198.51.100.0/24\n2001:db8::1'}
      error={error}
      hint={
        <>
          {m.admin_setup_allowed_addresses_hint()}
          {empty && (
            <span className="mt-2 flex items-start gap-2 rounded-lg border border-amber-400/40 bg-amber-400/10 px-3 py-2 text-xs text-amber-200">
              <ShieldAlert aria-hidden="true" className="mt-px size-4 shrink-0 text-amber-300" />
              <span>
                {creating
                  ? m.admin_setup_addresses_empty_on_create()
                  : anyAddress
                    ? m.admin_setup_addresses_any_warning()
                    : m.admin_setup_addresses_none_warning()}
                {UNSIGNED_AMOUNT.has(scheme) && ` ${m.admin_setup_addresses_unsigned_amount()}`}
              </span>
            </span>
          )}
        </>
      }
    />
  );
}
