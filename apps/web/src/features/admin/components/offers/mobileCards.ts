import { cn } from '@/lib/cn';

/**
 * Classes that turn a DataTable into a stack of cards on phones (below `sm`): the header hides and
 * each row becomes a block of its cells, so nothing important sits off-screen in a sideways scroll.
 */
export const cardTable = {
  table: 'max-sm:block max-sm:min-w-0',
  head: 'max-sm:hidden',
  body: 'max-sm:block',
};

/** The DataTable props of a table whose rows are cards on phones; `minWidth` holds from `sm` up. */
export function cardTableProps(minWidth: string) {
  return {
    className: cn(minWidth, cardTable.table),
    headClassName: cardTable.head,
    bodyClassName: cardTable.body,
  };
}

/** A row shown as a card on phones. */
export const cardRow = 'max-sm:block max-sm:border-b max-sm:border-slate-800/70 max-sm:py-3';

/** A cell shown as a block inside its card on phones. */
export const cardCell =
  'max-sm:block max-sm:w-auto max-sm:max-w-none max-sm:min-w-0 max-sm:border-0 max-sm:px-0 max-sm:py-1.5';
