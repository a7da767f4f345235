import { Plus } from 'lucide-react';
import { m } from '@/paraglide/messages.js';
import { Button } from '@/components/ui/Button';

/** The submit button of a console form that adds something; it reads "Creating..." while the call runs. */
export function CreateButton({
  busy,
  label,
  className,
}: {
  busy: boolean;
  label: string;
  className?: string;
}) {
  return (
    <Button type="submit" disabled={busy} className={className}>
      <Plus aria-hidden="true" className="size-4" /> {busy ? m.admin_creating() : label}
    </Button>
  );
}
