import type { ComponentProps } from 'react';
import { Button } from './Button';
import { Spinner } from './Spinner';

/** A form's large submit button: while `busy` it is disabled and shows a spinner and `busyLabel`. */
export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  children,
  ...props
}: ComponentProps<typeof Button> & { busy: boolean; busyLabel: string }) {
  return (
    <Button type="submit" size="lg" disabled={disabled ?? busy} aria-busy={busy} {...props}>
      {busy ? (
        <>
          <Spinner className="size-5" /> {busyLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
