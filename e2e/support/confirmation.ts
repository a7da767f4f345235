import type { Page } from 'playwright-core';

/**
 * Accepts the admin console's confirmation dialog (Radix AlertDialog) when one is open, and records
 * its question in `into`, the way the journeys record native dialogs.
 */
export async function acceptConfirmation(page: Page, into: string[]): Promise<void> {
  const open = page.getByRole('alertdialog');
  if (!(await open.isVisible())) return;
  const question = page.locator(`[id="${await open.getAttribute('aria-describedby')}"]`);
  into.push(await question.innerText());
  await open.getByRole('button').last().click();
  await open.waitFor({ state: 'detached' });
}
