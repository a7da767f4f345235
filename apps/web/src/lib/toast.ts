import { toast } from 'sonner';
import { m } from '@/paraglide/messages.js';
import { errorMessage } from './error-message';

export { errorMessage };

/**
 * Every refusal's toast has this id: a new refusal replaces the one shown instead of stacking behind
 * it, and a success clears it. A refusal shown under its form field is not toasted as well.
 */
const REFUSAL_TOAST = 'refusal';

/**
 * The one place that shows errors to the user: `title`, and `description` or the error's message in the
 * player's language (none when there is no error and no description).
 */
export function toastError(err: unknown, title?: string, description?: string): void {
  toast.error(title ?? m.errors_title(), {
    id: REFUSAL_TOAST,
    description: description ?? (err === null || err === undefined ? undefined : errorMessage(err)),
  });
}

export function toastSuccess(title: string, description?: string, options: { duration?: number } = {}): void {
  toast.dismiss(REFUSAL_TOAST);
  toast.success(title, { description, ...options });
}
