import { fromCents, liveFeedKinds, shortName, type LiveEarning, type LiveFeedKind } from '@rewards/contracts';
import { entryParamsOf } from '../ledger/index.ts';
import type { LedgerEvent } from './repository.ts';

const isFeedKind = (kind: string): kind is LiveFeedKind =>
  (liveFeedKinds as readonly string[]).includes(kind);

/**
 * Where a credit came from: the wall named in the entry's parameters (its name as it was when the
 * credit was paid); an old entry of no known shape shows its description.
 */
function sourceOf(entry: LedgerEvent): string {
  if (entry.kind === 'giveaway') return 'Giveaway';
  return entryParamsOf(entry.params)?.wall ?? entry.description;
}

/** The public form of a ledger entry, or null when the feed does not show it (kind, debit, banned or deleted player). */
export function publicEarning(entry: LedgerEvent): LiveEarning | null {
  const amount = Number(entry.amount);
  if (!isFeedKind(entry.kind) || amount <= 0) return null;
  if (entry.status !== 'active' || entry.deleted_at !== null) return null;
  return {
    id: entry.id,
    name: shortName(entry.username),
    amount: fromCents(amount),
    kind: entry.kind,
    source: sourceOf(entry),
    at: entry.created_at,
  };
}

/** One Server-Sent Events message. JSON holds no raw newline, so one `data:` line carries it. */
export function sseMessage(event: string, data: unknown): string {
  return sseJsonMessage(event, JSON.stringify(data));
}

/** `sseMessage` for data already serialized (one JSON text, which holds no raw newline). */
export function sseJsonMessage(event: string, json: string): string {
  return `event: ${event}\ndata: ${json}\n\n`;
}

/** A comment line: ignored by clients, it keeps proxies from closing an idle stream. */
export const SSE_HEARTBEAT = ': keep-alive\n\n';
