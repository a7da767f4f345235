import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { ApiError } from '@/lib/api-client';
import { logout } from '@/lib/logout';
import { clearSession } from '@/lib/session';
import { errorMessage, toastSuccess } from '@/lib/toast';
import { paths } from '@/config/paths';
import { m } from '@/paraglide/messages.js';
import { useAccountDeletionPreview } from '../api/account-deletion';
import { ProfilePanel } from './ProfilePanel';

// Loaded when opened: rarely used, and with its code (Radix AlertDialog, the form field) in the profile
// page's own chunk the build regrouped the code pages share and put the toaster into the landing page's
// start-up, past its budget (e2e/web-speed.test.ts).
const DeleteAccountDialog = lazy(() =>
  import('./DeleteAccountDialog').then((m) => ({ default: m.DeleteAccountDialog })),
);

/** The profile's danger zone: "Delete my account", refused while a withdrawal is on its way. */
export function DeleteAccountPanel() {
  const preview = useAccountDeletionPreview();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const blocked = preview.data?.blocked;

  function onDeleted() {
    // The server signed every session of the account out: forget this one and leave the signed-in pages.
    logout();
    // Ended by the server, not a logout: the signed-in pages' guard then sends to the landing page too,
    // rather than to /login (which would race this navigation and win).
    clearSession('expired');
    void navigate(paths.landing, { replace: true });
    toastSuccess(m.profile_deleted());
  }

  return (
    <ProfilePanel
      id="delete"
      icon={Trash2}
      title={m.profile_delete_title()}
      danger
      action={
        <Button
          variant="danger"
          size="sm"
          disabled={!preview.data || Boolean(blocked)}
          onClick={() => setOpen(true)}
        >
          <Trash2 aria-hidden="true" className="size-4" /> {m.profile_delete_title()}
        </Button>
      }
    >
      <p className="mt-3 text-sm text-slate-400">{m.profile_delete_text()}</p>
      {blocked && (
        <p data-testid="deletion-blocked" className="mt-2 text-sm text-amber-200">
          {/* The server's sentence in English; in the other languages, the sentence for its code. */}
          {errorMessage(new ApiError(409, blocked.code, blocked.message))}
        </p>
      )}
      {preview.isError && (
        <p role="alert" className="mt-2 text-sm text-rose-300">
          {m.profile_delete_check_failed({ message: errorMessage(preview.error) })}
        </p>
      )}
      {open && preview.data && (
        <Suspense>
          <DeleteAccountDialog preview={preview.data} onCancel={() => setOpen(false)} onDeleted={onDeleted} />
        </Suspense>
      )}
    </ProfilePanel>
  );
}
