import type { Deps } from '../../deps.ts';
import { GroupCommit, groupPer } from './group-commit.ts';
import { checkAmount, creditPostbackInOneCall, referralTerms, type PostbackCredit } from './one-call.ts';
import { creditPostbacksCall } from './one-call-repository.ts';

type Credited = Awaited<ReturnType<typeof creditPostbackInOneCall>>;

/** The postbacks of one moment in one call of `rewards_credit_postbacks` (migration 0019). */
async function creditMany(deps: Deps, credits: PostbackCredit[]): Promise<Credited[]> {
  for (const c of credits) checkAmount(c.amount);
  const items = credits.map((c, i) => ({
    i,
    user_id: c.userId,
    wall: c.wallSlug,
    trans_id: c.transId,
    kind: c.kind,
    amount: c.amount,
    description: c.description,
    state: c.state,
    release_at: c.releaseAt,
    now: c.now,
    key: c.key,
    meta: JSON.stringify(c.meta),
    action: c.record.action,
    params: c.record.params,
    signature: c.record.signature,
    raw_url: c.record.rawUrl,
    ip: c.record.ip,
    reason: c.record.reason,
  }));
  const { rows } = await creditPostbacksCall(deps.db, JSON.stringify(items), ...referralTerms(deps));
  const answers: Credited[] = [];
  for (const row of rows) {
    answers[row.item] = {
      verdict: row.verdict,
      ledgerEntryId: row.ledger_entry,
      postbackId: row.postback_id,
    };
  }
  return answers.filter(Boolean).length === credits.length ? answers : [];
}

const postbackGroup = groupPer(
  (deps: Deps) =>
    new GroupCommit<PostbackCredit, Credited>(
      (credits) => creditMany(deps, credits),
      (credit) => creditPostbackInOneCall(deps, credit),
    ),
);

/**
 * A provider's credit with the record of its postback (PostgreSQL only), in one call shared with the
 * other postbacks of the same moment (ledger/group-commit.ts).
 */
export function creditPostbackBatched(deps: Deps, credit: PostbackCredit): Promise<Credited> {
  return postbackGroup(deps).run(credit);
}
