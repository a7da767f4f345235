import type { ReactNode } from 'react';

const MARK = '\u0000';

/**
 * A translated sentence with one element inside it (a link, a button's name, a code word): the message
 * is asked with a mark where the element goes, so each language places it where its grammar wants.
 */
export function withElement(message: (mark: string) => string, element: ReactNode): ReactNode {
  const [before, after = ''] = message(MARK).split(MARK);
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}
