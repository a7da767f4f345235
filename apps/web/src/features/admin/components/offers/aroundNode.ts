const SLOT = '\u0000';

/**
 * The text before and after the one place a message puts a React node (a `<code>` or a `<strong>`),
 * so each language keeps its own word order: `aroundNode((slot) => m.x({ name: slot }))`.
 */
export function aroundNode(message: (slot: string) => string): [before: string, after: string] {
  const text = message(SLOT);
  const at = text.indexOf(SLOT);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + SLOT.length)];
}
