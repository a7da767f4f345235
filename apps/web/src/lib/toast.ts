import { toast } from 'sonner';
import { ApiError, FALLBACK_ERROR_MESSAGE } from './api-client';

/** The readable message of any thrown value. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return FALLBACK_ERROR_MESSAGE;
}

/** The one place that shows errors to the user. */
export function toastError(err: unknown, title = 'Something went wrong', description?: string): void {
  toast.error(title, { description: description ?? errorMessage(err) });
}

export function toastSuccess(title: string, description?: string): void {
  toast.success(title, { description });
}
