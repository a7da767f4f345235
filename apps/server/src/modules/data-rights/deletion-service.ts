import {
  fromCents,
  toCents,
  WITHDRAWAL_IN_FLIGHT_MESSAGE,
  type AccountDeletionPreview,
  type AccountDeletionRequest,
  type AccountDeletionResponse,
} from '@rewards/contracts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import { insertAudit } from '../audit/index.ts';
import { requireOwnershipProof, sessionRecentlyProven, type Player } from '../auth/index.ts';
import { addForfeitCover, lockUser, post } from '../ledger/index.ts';
import { forfeitHolds, pendingRobuxOf, retireRobloxId } from '../offers/index.ts';
import { robloxIdHasher } from '../signals/index.ts';
import * as repo from './deletion-repository.ts';

const PROOF_REFUSAL =
  "Prove this account is yours to delete it: put the sentence in your Roblox profile's About.";

/**
 * The key of the balance given up by a deletion at `at`: an account deleted, brought back and
 * deleted again gives up twice.
 */
const forfeitKey = (userId: number, at: string) => `forfeit:${userId}:${at}`;

const inFlight = () => new AppError(409, 'WITHDRAWAL_IN_FLIGHT', WITHDRAWAL_IN_FLIGHT_MESSAGE);

/** GET /api/account/delete: what deleting would do now. */
export async function deletionPreview(deps: Deps, player: Player): Promise<AccountDeletionPreview> {
  const account = await repo.deletableAccount(deps.db, player.id);
  if (!account) throw notFound('Account not found.');
  const blocked = (await repo.hasWithdrawalInFlight(deps.db, player.id))
    ? { code: 'WITHDRAWAL_IN_FLIGHT' as const, message: WITHDRAWAL_IN_FLIGHT_MESSAGE }
    : undefined;
  return {
    balance: fromCents(Number(account.balance)),
    pending: await pendingRobuxOf(deps, player.id),
    ...(blocked ? { blocked } : {}),
    proofRequired: !sessionRecentlyProven(deps, player),
  };
}

/** POST /api/account/delete: the player deletes their own account, having seen what they forfeit. */
export async function deleteOwnAccount(
  deps: Deps,
  player: Player,
  input: AccountDeletionRequest,
): Promise<AccountDeletionResponse> {
  const account = await repo.deletableAccount(deps.db, player.id);
  if (!account) throw notFound('Account not found.');
  // Cheap refusals first: the proof is used once, so it is spent only on a deletion that can happen.
  if (await repo.hasWithdrawalInFlight(deps.db, player.id)) throw inFlight();
  checkForfeit(Number(account.balance), input.forfeitRobux);
  await requireOwnershipProof(deps, player, input.proofToken, PROOF_REFUSAL);
  return deleteAccount(deps, player.id, { actor: 'player', forfeitRobux: input.forfeitRobux });
}

/** POST /api/admin/users/{id}/delete: staff delete an account on the player's request. */
export async function deleteAccountOnRequest(deps: Deps, userId: number): Promise<AccountDeletionResponse> {
  return deleteAccount(deps, userId, { actor: 'admin' });
}

function checkForfeit(balanceCents: number, forfeitRobux: number) {
  if (toCents(forfeitRobux) === balanceCents) return;
  const balance = fromCents(balanceCents);
  throw new AppError(
    409,
    'BALANCE_CHANGED',
    `Your balance is now R$${balance}: check the amount you give up, then confirm again.`,
    { balance },
  );
}

/**
 * One transaction, under the account's lock (a withdrawal or credit cannot slip in between the checks
 * and the writes). The balance and the credits on hold are given up (a `forfeit` entry; held credits
 * marked forfeited), so they are no longer owed; the ledger still adds up, and nothing leads back to
 * the player or their Roblox account. The Roblox id is kept only
 * as a keyed hash, so the CPX frame hash the player was shown never becomes a valid postback
 * signature (modules/offers/postbacks/retired-ids.ts).
 */
async function deleteAccount(
  deps: Deps,
  userId: number,
  opts: { actor: string; forfeitRobux?: number },
): Promise<AccountDeletionResponse> {
  const at = deps.clock.now().toISOString();
  const hashRobloxId = await robloxIdHasher(deps);
  return deps.db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const account = await repo.deletableAccount(trx, userId);
    if (!account || account.deleted_at !== null) throw notFound('Account not found.');
    if (await repo.hasWithdrawalInFlight(trx, userId)) throw inFlight();
    const balanceCents = Number(account.balance);
    if (opts.forfeitRobux !== undefined) checkForfeit(balanceCents, opts.forfeitRobux);

    // The balance and the credits still held are given up with the account: no longer owed to anyone.
    await forfeitHolds(trx, userId, at);
    if (balanceCents > 0) {
      const forfeit = await post(trx, deps.clock, {
        userId,
        amount: -balanceCents,
        kind: 'forfeit',
        params: {},
        key: forfeitKey(userId, at),
        earningsDelta: 0,
      });
      // A key already used would leave the balance owed to a deleted account: never let it pass.
      if (!forfeit.applied) throw new Error(`the forfeit of account ${userId} at ${at} was already posted`);
      // What it gave up still absorbs later reversals of what it earned (ledger `reverseEarning`).
      await addForfeitCover(trx, userId, balanceCents, forfeit.entryId);
    }
    const robloxId = Number(account.roblox_id);
    await retireRobloxId(trx, hashRobloxId(robloxId), userId);
    await repo.deleteSignInRecords(trx, userId);
    await repo.forgetPayoutRecipient(trx, userId, robloxId);
    await scrubMentions(trx, userId, account.username, robloxId, `deleted-${userId}`);
    await repo.pseudonymiseUser(trx, userId, at);
    await insertAudit(
      trx,
      {
        actor: opts.actor,
        action: 'account.delete',
        target: `user:${userId}`,
        after: { forfeitedRobux: fromCents(balanceCents) },
      },
      at,
    );
    return { deleted: true as const, forfeited: fromCents(balanceCents) };
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Keys under which a text names a player: a name, the site's id (`friend` in a commission's meta) or a Roblox id. */
const NAME_KEYS = new Set(['friend', 'username', 'player', 'winner']);
const ROBLOX_ID_KEYS = new Set(['robloxId', 'roblox_id']);

/** Whether a JSON text names the player under one of those keys, at any depth (never when not JSON). */
function namesPlayer(text: string, player: { id: number; username: string; robloxId: number }): boolean {
  const walk = (v: unknown): boolean =>
    !!v &&
    typeof v === 'object' &&
    Object.entries(v).some(
      ([k, x]) =>
        (NAME_KEYS.has(k) && (x === player.username || x === player.id)) ||
        (ROBLOX_ID_KEYS.has(k) && Number(x) === player.robloxId) ||
        walk(x),
    );
  try {
    return walk(JSON.parse(text));
  } catch {
    return false;
  }
}

/**
 * Rewrites the texts that quote the player: their name as a whole word (any case) becomes the
 * pseudonym, their Roblox id as a whole number becomes 0. Only rows about the player are rewritten:
 * their own (by player id, or an audit row whose target is the account); another's row that names
 * them under a key that names a player (a referrer's commission, `{"friend": name}`); and a postback
 * that matched no account whose text holds their Roblox id (sent before they signed up). A word or
 * value that merely equals the name in another player's text (a grant "Contest", a wall named like
 * the player) is not theirs to rewrite, nor is another player's longer name that contains this one.
 */
async function scrubMentions(db: Db, userId: number, username: string, robloxId: number, pseudonym: string) {
  const name = new RegExp(`(?<![A-Za-z0-9_])${escapeRegExp(username)}(?![A-Za-z0-9_])`, 'gi');
  const id = new RegExp(`(?<![0-9])${robloxId}(?![0-9])`, 'g');
  const scrub = (text: string) => text.replace(name, pseudonym).replace(id, '0');
  const player = { id: userId, username, robloxId };
  const about = (table: repo.TextTable, owner: string | null, texts: readonly string[]) => {
    if (owner === (table === 'audit_log' ? `user:${userId}` : String(userId))) return true;
    if (table === 'postbacks' && owner === null) return texts.some((t) => new RegExp(id.source).test(t));
    return texts.some((t) => namesPlayer(t, player));
  };
  for (const table of Object.keys(repo.TEXT_COLUMNS) as repo.TextTable[]) {
    const rows = await repo.rowsMentioning(db, table, [username.toLowerCase(), String(robloxId)]);
    for (const row of rows) {
      const texts = repo.TEXT_COLUMNS[table].flatMap((c) => (typeof row[c] === 'string' ? [row[c]] : []));
      if (!about(table, row.owner, texts)) continue;
      const changed: Record<string, string | null> = {};
      for (const column of repo.TEXT_COLUMNS[table]) {
        const value = row[column];
        if (typeof value === 'string' && scrub(value) !== value) changed[column] = scrub(value);
      }
      await repo.rewriteText(db, table, Number(row.id), changed);
    }
  }
}
