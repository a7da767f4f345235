import { useState } from 'react';
import { FileDown } from 'lucide-react';
import type { AccountExport } from '@rewards/contracts';
import { Button } from '@/components/ui/Button';
import { useOwnershipProof } from '@/components/ProveOwnership';
import { paths } from '@/config/paths';
import { apiFetch } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { ProfilePanel } from './ProfilePanel';

/** The name the server gives the file (its Content-Disposition), rebuilt from the document itself. */
function fileName(data: AccountExport): string {
  const safe = data.account.username.replace(/[^A-Za-z0-9_]/g, '_');
  return `rbxrewards-data-${safe}-${data.exportedAt.slice(0, 10)}.json`;
}

/** Hands the document to the browser as a download, through a Blob link (the call needs the bearer token). */
function saveAsFile(data: AccountExport): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(data);
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once may cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** "Your data": download everything the site holds about the player. */
export function DataPanel() {
  const [busy, setBusy] = useState(false);
  // A typed name is no proof: the session proves ownership before the data leaves.
  const proof = useOwnershipProof(paths.profile);

  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      await proof.run(async () => {
        saveAsFile(await apiFetch<AccountExport>('/api/account/export'));
        toastSuccess(m.profile_data_downloading());
      });
    } catch (err) {
      toastError(err, m.profile_data_failed());
    } finally {
      setBusy(false);
    }
  }

  return (
    <ProfilePanel
      id="data"
      icon={FileDown}
      title={m.profile_data_title()}
      action={
        <Button variant="secondary" size="sm" disabled={busy} aria-busy={busy} onClick={download}>
          <FileDown aria-hidden="true" className="size-4" /> {m.profile_data_download()}
        </Button>
      }
    >
      <p className="mt-3 text-sm text-slate-400">{m.profile_data_text()}</p>
      {proof.dialog}
    </ProfilePanel>
  );
}
