import { toast } from 'sonner';
import { m } from '@/paraglide/messages.js';
import { errorMessage } from './error-message';

export { errorMessage };

/** The one place that shows errors to the user. */
export function toastError(err: unknown, title?: string, description?: string): void {
  toast.error(title ?? m.errors_title(), { description: description ?? errorMessage(err) });
}

export function toastSuccess(title: string, description?: string): void {
  toast.success(title, { description });
}
