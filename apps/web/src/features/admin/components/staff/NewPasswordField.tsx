import type { ComponentProps } from 'react';
import { TextField } from '@/components/ui/FormField';

/**
 * A new staff password (a member's first one, one's own new one, or it typed again): hidden as typed,
 * and marked new so the browser offers to make one instead of filling in a saved one.
 */
export function NewPasswordField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'autoComplete'>) {
  return <TextField compact type="password" autoComplete="new-password" {...props} />;
}
