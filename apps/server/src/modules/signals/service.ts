import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { tooManyAccountsMessage, type LinkedAccount, type LinkedAccountsResponse } from '@rewards/contracts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { addressNetwork } from '../../shared/addresses.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import * as repo from './repository.ts';

/**
 * Sign-in signals: which browser (a random device id kept in a long-lived cookie) and which address
 * each sign-in came from, stored only as keyed hashes. Accounts that share one are "linked": the
 * admin sees them, referral commission never flows between them, and a device creates at most
 * MAX_ACCOUNTS_PER_DEVICE accounts.
 */

/** The name of the device id cookie. */
export const DEVICE_COOKIE = 'device_id';
/** 400 days, the longest lifetime browsers keep a cookie for. */
export const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;

/** A new random device id (144 bits). */
export function newDeviceId(): string {
  return randomBytes(18).toString('base64url');
}

/** The cookie's value when it is a device id this server could have made; anything else is ignored. */
export function validDeviceId(value: unknown): string | null {
  return typeof value === 'string' && DEVICE_ID.test(value) ? value : null;
}

/** What a sign-in tells about where it came from. */
export interface SignInOrigin {
  deviceId: string;
  /** `request.ip`, which follows TRUST_PROXY. */
  ip: string | undefined;
}

/** The keyed hashes of a sign-in's signals; no address for the server's own machine. */
export interface SignalHashes {
  device: repo.SignalValue;
  address: repo.SignalValue | null;
}

/**
 * What of the caller's address links accounts: its network (shared/addresses.ts: an IPv4 address,
 * or an IPv6 /64). Null for the server's own machine (loopback: development, tests, or a proxy on
 * the same host that TRUST_PROXY does not name) and for anything that is not an address.
 */
export function linkingAddress(ip: string | undefined): string | null {
  if (!ip) return null;
  const network = addressNetwork(ip);
  if (!network || network.startsWith('127.') || network === '0:0:0:0::/64') return null;
  return network;
}

const SECRET_NAME = 'signal_hash_key';
const keys = new WeakMap<Database, Promise<Buffer>>();

async function loadOrMakeKey(deps: Deps): Promise<Buffer> {
  let value = await repo.findSecret(deps.db, SECRET_NAME);
  if (value === undefined) {
    await repo.insertSecretOnce(
      deps.db,
      SECRET_NAME,
      randomBytes(32).toString('base64url'),
      deps.clock.now().toISOString(),
    );
    value = await repo.findSecret(deps.db, SECRET_NAME);
  }
  if (value === undefined) throw new Error('The signal hash key could not be stored');
  return Buffer.from(value, 'utf8');
}

/**
 * The HMAC key: SIGNAL_HASH_KEY when set, else a random 256-bit key made once and kept in the
 * database, so it survives restarts and every process of the site hashes alike. Read once per
 * process.
 */
export function signalKey(deps: Deps): Promise<Buffer> {
  if (deps.env.SIGNAL_HASH_KEY) return Promise.resolve(Buffer.from(deps.env.SIGNAL_HASH_KEY, 'utf8'));
  let key = keys.get(deps.db);
  if (!key) {
    key = loadOrMakeKey(deps);
    key.catch(() => keys.delete(deps.db));
    keys.set(deps.db, key);
  }
  return key;
}

/**
 * What a keyed hash is of: a sign-in signal, or a Roblox id that had an account (kept after the
 * account's deletion so its postback identity is never reused, modules/offers/postbacks), or the
 * cookie of a browser that signed in to the admin console (modules/admin/console-browsers.ts). The kind
 * prefixes the hashed text, so equal values of different kinds never share a hash.
 */
export type HashedKind = repo.SignalValue['kind'] | 'roblox_id' | 'console_browser';

export function hashSignal(key: Buffer, kind: HashedKind, value: string): string {
  return createHmac('sha256', key).update(`${kind}:${value}`).digest('base64url');
}

/**
 * Hashes Roblox ids as a deleted account's is kept (`retired_roblox_ids`). Made before the
 * transaction that uses it: the first call in a process may read or store the key, and on SQLite a
 * statement outside an open transaction waits for it.
 */
export async function robloxIdHasher(deps: Deps): Promise<(robloxId: number) => string> {
  const key = await signalKey(deps);
  return (robloxId) => hashSignal(key, 'roblox_id', String(robloxId));
}

export async function hashSignals(deps: Deps, origin: SignInOrigin): Promise<SignalHashes> {
  const key = await signalKey(deps);
  const address = linkingAddress(origin.ip);
  return {
    device: { kind: 'device', hash: hashSignal(key, 'device', origin.deviceId) },
    address: address === null ? null : { kind: 'address', hash: hashSignal(key, 'address', address) },
  };
}

const valuesOf = (h: SignalHashes): repo.SignalValue[] => (h.address ? [h.device, h.address] : [h.device]);

/** First statement of the sign-in transaction: sign-ins with the same device or address wait for each other. */
export async function lockSignals(trx: Kysely<DB>, hashes: SignalHashes): Promise<void> {
  for (const value of valuesOf(hashes)) await repo.lockSignal(trx, value);
}

/**
 * Refuses a new account when its device has created MAX_ACCOUNTS_PER_DEVICE accounts already (or its
 * address MAX_ACCOUNTS_PER_ADDRESS). In the sign-in transaction, after `lockSignals`.
 */
export async function assertMayCreateAccount(
  trx: Kysely<DB>,
  deps: Deps,
  hashes: SignalHashes,
): Promise<void> {
  const limits = [
    { value: hashes.device, limit: deps.env.MAX_ACCOUNTS_PER_DEVICE, where: 'device' as const },
    { value: hashes.address, limit: deps.env.MAX_ACCOUNTS_PER_ADDRESS, where: 'address' as const },
  ];
  for (const { value, limit, where } of limits) {
    if (!value || limit <= 0) continue;
    if ((await repo.countCreatedAccounts(trx, value)) >= limit) {
      throw new AppError(403, 'TOO_MANY_ACCOUNTS', tooManyAccountsMessage(limit, where));
    }
  }
}

/**
 * Records the sign-in's signals for the account and marks it (and the accounts it now shares a
 * signal with) linked. In the sign-in transaction, after `lockSignals`.
 */
export async function recordSignIn(
  trx: Kysely<DB>,
  deps: Deps,
  userId: number,
  hashes: SignalHashes,
  createdAccount: boolean,
): Promise<void> {
  const now = deps.clock.now().toISOString();
  const values = valuesOf(hashes);
  for (const value of values) await repo.upsertSignal(trx, { ...value, userId, now, createdAccount });
  // Whenever a value is shared, every account with it is marked; so the accounts to mark are this
  // one and, at most, those that had the value alone until now.
  const unmarked = await repo.unmarkedAccountsSharing(trx, userId, values);
  if (unmarked.length === 0 && !(await repo.anotherAccountShares(trx, userId, values))) return;
  const self = (await repo.isMarkedLinked(trx, userId)) ? [] : [userId];
  await repo.markLinked(trx, [...self, ...unmarked], now);
}

/**
 * Records a sign-in that proved its owner on an account that exists (a proven sign-in, the bio
 * check), in its own transaction.
 */
export async function recordProvenSignIn(deps: Deps, userId: number, origin: SignInOrigin): Promise<void> {
  await recordProvenSignals(deps, userId, await hashSignals(deps, origin));
}

/** `recordProvenSignIn` of signals hashed before (kept with a session that has now proved the account). */
export async function recordProvenSignals(deps: Deps, userId: number, hashes: SignalHashes): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await lockSignals(trx, hashes);
    await recordSignIn(trx, deps, userId, hashes, false);
  });
}

/** The signals a session kept from its sign-in (null: it kept none, e.g. opened before they were kept). */
export function keptSignals(deviceHash: string | null, addressHash: string | null): SignalHashes | null {
  if (!deviceHash) return null;
  return {
    device: { kind: 'device', hash: deviceHash },
    address: addressHash ? { kind: 'address', hash: addressHash } : null,
  };
}

/** Most accounts the admin's user view lists. */
export const LINKED_LIST_LIMIT = 100;

/**
 * The accounts sharing a device or a sign-in address with `userId`, with the shared signals and when,
 * most recently seen first.
 */
export async function listLinkedAccounts(
  db: Database,
  userId: number,
): Promise<Omit<LinkedAccountsResponse, 'referrer'>> {
  // One row per (account, shared value); enough rows for the listed accounts in all but odd cases.
  const rows = await repo.sharedSignalRows(db, userId, LINKED_LIST_LIMIT * 5 + 1);
  const byUser = new Map<number, LinkedAccount>();
  for (const r of rows) {
    let account = byUser.get(r.user_id);
    if (!account) {
      if (byUser.size === LINKED_LIST_LIMIT) continue;
      account = {
        _id: r.user_id,
        username: r.username,
        robloxId: r.roblox_id,
        status: r.status ?? 'active',
        verified: Number(r.verified) === 1,
        signals: [],
      };
      byUser.set(r.user_id, account);
    }
    const sharedSince = r.mine_first > r.theirs_first ? r.mine_first : r.theirs_first;
    const lastSeen = r.mine_last > r.theirs_last ? r.mine_last : r.theirs_last;
    const signal = account.signals.find((s) => s.kind === r.kind);
    if (!signal) {
      account.signals.push({ kind: r.kind, values: 1, firstSharedAt: sharedSince, lastSeenAt: lastSeen });
    } else {
      signal.values += 1;
      if (sharedSince < signal.firstSharedAt) signal.firstSharedAt = sharedSince;
      if (lastSeen > signal.lastSeenAt) signal.lastSeenAt = lastSeen;
    }
  }
  for (const account of byUser.values()) account.signals.sort((a, b) => a.kind.localeCompare(b.kind));
  const truncated =
    rows.length > LINKED_LIST_LIMIT * 5 || new Set(rows.map((r) => r.user_id)).size > byUser.size;
  return { userId, accounts: [...byUser.values()], truncated };
}

/** `listLinkedAccounts` for the admin console: 404 for an account that does not exist. */
export async function linkedAccountsOfUser(db: Database, userId: number): Promise<LinkedAccountsResponse> {
  if (!(await repo.userExists(db, userId))) throw notFound('User not found.');
  const [linked, referrer] = await Promise.all([
    listLinkedAccounts(db, userId),
    repo.findReferrer(db, userId),
  ]);
  return {
    ...linked,
    referrer: referrer
      ? { _id: referrer.id, username: referrer.username, via: referrer.referral_via ?? 'before_rule' }
      : null,
  };
}

/**
 * Of these accounts, one per person: walking them in the given order, an account is kept unless it
 * shares a device or a sign-in address with one kept before it. What a draw gives one ticket per
 * person with (an account and its alts would otherwise each hold one).
 */
export async function onePerPerson(db: Kysely<DB>, ids: readonly number[]): Promise<Set<number>> {
  const holders = new Map<string, number[]>();
  const valuesOf = new Map<number, string[]>();
  for (const r of await repo.signalsOfUsers(db, ids)) {
    const value = `${r.kind}:${r.value_hash}`;
    (holders.get(value) ?? holders.set(value, []).get(value)!).push(r.user_id);
    (valuesOf.get(r.user_id) ?? valuesOf.set(r.user_id, []).get(r.user_id)!).push(value);
  }
  const kept = new Set<number>();
  for (const id of ids) {
    const linkedToKept = (valuesOf.get(id) ?? []).some((v) =>
      holders.get(v)!.some((other) => other !== id && kept.has(other)),
    );
    if (!linkedToKept) kept.add(id);
  }
  return kept;
}

/** A value the server keeps for itself (`server_secrets`) by name, if one is stored. */
export function readServerSecret(db: Kysely<DB>, name: string): Promise<string | undefined> {
  return repo.findSecret(db, name);
}

/** Stores a value the server keeps for itself under `name`, replacing the one before. */
export function writeServerSecret(db: Kysely<DB>, name: string, value: string, now: string): Promise<void> {
  return repo.replaceSecret(db, name, value, now);
}

/** Whether two accounts share a device or a sign-in address. */
export function areLinked(db: Kysely<DB>, a: number, b: number): Promise<boolean> {
  return repo.shareASignal(db, a, b);
}

/** Whether the account shares a device or a sign-in address with a banned account. */
export function isLinkedToBannedAccount(db: Kysely<DB>, userId: number): Promise<boolean> {
  return repo.sharesWithBanned(db, userId);
}

/**
 * Whether a session's kept device or address (a typed sign-in's, not recorded on the account) is one
 * a banned account signed in with: the session is used from a banned player's browser or address.
 */
export function sessionUsedByBanned(
  db: Kysely<DB>,
  userId: number,
  kept: SignalHashes | null,
): Promise<boolean> {
  return repo.valuesUsedByBanned(db, userId, kept ? valuesOf(kept) : []);
}
