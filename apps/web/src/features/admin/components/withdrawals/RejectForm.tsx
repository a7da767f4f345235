import { useState, type FormEvent } from 'react';
import { RowButton } from '@/components/ui/DataTable';
import { InlineInput } from '@/components/ui/FormField';
import { m } from '@/paraglide/messages.js';

/** The reason for rejecting a pending withdrawal, asked in its row. */
export function RejectForm({
  busy,
  onReject,
  onCancel,
}: {
  busy: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return;
    onReject(text);
  }
  return (
    <form onSubmit={onSubmit} className="flex min-w-56 flex-col gap-2">
      <InlineInput
        className="w-full"
        aria-label={m.admin_wd_reason_label()}
        placeholder={m.admin_wd_reason_placeholder()}
        maxLength={300}
        autoFocus
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex gap-2">
        <RowButton type="submit" variant="danger" disabled={busy || !reason.trim()}>
          {m.admin_wd_reject_confirm()}
        </RowButton>
        <RowButton variant="ghost" onClick={onCancel}>
          {m.admin_cancel()}
        </RowButton>
      </div>
    </form>
  );
}
