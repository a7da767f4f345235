import { fromCents, type AccountExport } from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import type { Player } from '../auth/index.ts';
import { levelExport } from '../levels/index.ts';
import { raceResultsOf } from '../races/index.ts';
import * as repo from './repository.ts';

/** The file name the browser saves the export as: `rbxrewards-data-<username>-<yyyy-mm-dd>.json`. */
export function exportFileName(username: string, at: Date): string {
  const safe = username.replace(/[^A-Za-z0-9_]/g, '_');
  return `rbxrewards-data-${safe}-${at.toISOString().slice(0, 10)}.json`;
}

/**
 * A commission's description names the friend who earned it ("Referral bonus from <name>"): that name
 * is another player's, so the export says who in general terms, as it does for referrals made.
 */
function ownDescription(kind: string, description: string): string {
  return kind === 'referral' ? 'Referral bonus from a player you referred' : description;
}

function metaField(meta: string | null, field: string): string | null {
  if (!meta) return null;
  try {
    const value = (JSON.parse(meta) as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

const money = (cents: number | string) => fromCents(Number(cents));
const flag = (value: number | boolean | string) => Number(value) === 1 || value === true;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Everything the site holds about the player, read in one transaction so the counts agree with each
 * other. Nothing of another player: see the contract (packages/contracts/src/data-rights.ts).
 */
export async function exportAccountData(deps: Deps, player: Player): Promise<AccountExport> {
  const exportedAt = deps.clock.now().toISOString();
  const id = player.id;
  return deps.db.transaction().execute(async (trx) => {
    const user = await repo.account(trx, id);
    const ledgerRows = await repo.ledger(trx, id);
    const withdrawalRows = await repo.withdrawals(trx, id);
    const proofs = await repo.loginProofs(trx, id);
    const flows = await repo.oauthFlows(trx, id);
    const joins = await repo.referredJoinDates(trx, id);
    const qualified = await repo.qualifiedReferralDates(trx, id);
    const sessionRows = await repo.sessions(trx, id);
    const entries = await repo.giveawayEntries(trx, id);
    const redemptions = await repo.promoRedemptions(trx, id);
    const streak = await repo.streak(trx, id);
    const signalRows = await repo.signals(trx, id);
    const linked = await repo.linkedAt(trx, id);
    const postbackRows = await repo.postbacks(trx, id);
    const offerRows = await repo.offerTransactions(trx, id);
    const level = await levelExport(trx, id);
    const raceResults = await raceResultsOf(trx, id);
    const audit = await repo.auditRows(
      trx,
      id,
      withdrawalRows.map((w) => w.id),
    );

    const ledger = ledgerRows.map((e) => ({
      id: e.id,
      kind: e.kind,
      amount: money(e.amount),
      description: ownDescription(e.kind, e.description),
      date: e.created_at,
    }));
    const daily = ledgerRows.filter((e) => e.kind === 'daily');
    const socials = ledgerRows.filter((e) => e.kind === 'social');
    const signals = signalRows.map((s) => ({
      kind: s.kind,
      firstSeenAt: s.first_seen_at,
      lastSeenAt: s.last_seen_at,
      signIns: Number(s.sign_ins),
      createdAccount: flag(s.created_account),
      sharedWithAnotherAccount: flag(s.shared as number | boolean),
    }));
    const verified = flag(user.verified);

    const summary = [
      `This file holds everything rbxrewards stores about the account ${user.username} (Roblox id ${user.roblox_id}), as of ${exportedAt}.`,
      `The account was opened on ${user.joined_at}${user.referrer ? ` with ${user.referrer}'s referral link` : ''}; it is ${user.status}, ${verified ? 'verified' : 'not verified'} and ${flag(user.protected) ? 'protected' : 'not protected'}.`,
      `Balance R$${money(user.balance)}, lifetime earnings R$${money(user.earnings)}, over ${plural(ledger.length, 'ledger entry', 'ledger entries')}.`,
      `${plural(withdrawalRows.length, 'withdrawal', 'withdrawals')}, ${plural(sessionRows.length, 'session', 'sessions')} (their secrets are not kept in readable form and are not included).`,
      `${plural(joins.length, 'account was', 'accounts were')} opened with this account's referral link, ${qualified.length} of which counted; the other players are not named.`,
      `${plural(entries.length, 'giveaway entry', 'giveaway entries')}, ${plural(redemptions.length, 'promo code', 'promo codes')} redeemed, ${plural(daily.length, 'daily reward', 'daily rewards')} and ${plural(socials.length, 'social reward', 'social rewards')} claimed.`,
      `${plural(signals.length, 'sign-in signal', 'sign-in signals')} (device or address, stored only as keyed hashes, not included), ${signals.filter((s) => s.sharedWithAnotherAccount).length} shared with another account (not named).`,
      `Level ${level.level} with R$${level.experience} of experience from offers and surveys; ${plural(level.rewards.length, 'level reward', 'level rewards')} received.`,
      `${plural(raceResults.length, 'race result', 'race results')} among the places a race's prizes were decided on, ${plural(raceResults.filter((r) => r.prize > 0).length, 'prize', 'prizes')} won.`,
      `${plural(postbackRows.length, 'offer postback', 'offer postbacks')} and ${plural(offerRows.length, 'offer transaction', 'offer transactions')} from the offer walls, and ${plural(audit.length, 'staff action', 'staff actions')} on the account (which staff member is not included).`,
    ];

    return {
      format: 'rbxrewards-data-export/1',
      exportedAt,
      summary,
      account: {
        id: user.id,
        username: user.username,
        displayName: user.display_name,
        robloxId: Number(user.roblox_id),
        balance: money(user.balance),
        earnings: money(user.earnings),
        status: user.status,
        verified,
        protected: flag(user.protected),
        joinedAt: user.joined_at,
        offersCompleted: Number(user.offers_completed),
        referralsMade: Number(user.referrals_made),
        referralsEarned: money(user.referrals_earned),
        referredBy: user.referrer ?? null,
      },
      ledger,
      withdrawals: withdrawalRows.map((w) => ({
        id: w.id,
        robux: Number(w.robux),
        amount: money(w.amount),
        method: w.method,
        state: w.state,
        gamepassId: w.gamepass_id === null ? null : Number(w.gamepass_id),
        createdAt: w.created_at,
        updatedAt: w.updated_at,
        paidAt: w.paid_at,
      })),
      verification: {
        verified,
        currentSentence: user.verification_code,
        signInProofs: proofs.map((p) => ({
          sentence: p.sentence,
          createdAt: p.created_at,
          expiresAt: p.expires_at,
          usedAt: p.used_at,
        })),
        robloxSignIns: flows.map((f) => ({
          purpose: f.purpose,
          createdAt: f.created_at,
          expiresAt: f.expires_at,
          finishedAt: f.finished_at,
        })),
      },
      referrals: {
        signedUp: { count: joins.length, dates: joins.map((j) => j.joined_at) },
        qualified: { count: qualified.length, dates: qualified.map((q) => q.qualified_at) },
      },
      sessions: sessionRows.map((s) => ({
        createdAt: s.created_at,
        expiresAt: s.expires_at,
        revokedAt: s.revoked_at,
        openedBy: s.proof,
        browser: s.user_agent,
        verificationSentence: s.verification_code,
      })),
      giveawayEntries: entries.map((e) => ({
        giveaway: e.title,
        enteredAt: e.created_at,
        won: e.winner_user_id !== null && Number(e.winner_user_id) === id,
      })),
      promoRedemptions: redemptions.map((r) => ({
        code: r.code,
        amount: money(r.amount),
        date: r.created_at,
      })),
      dailyClaims: {
        streak: streak
          ? { day: Number(streak.day), lastClaimDay: streak.last_claim_day, updatedAt: streak.updated_at }
          : null,
        claims: daily.map((e) => ({ amount: money(e.amount), date: e.created_at })),
      },
      socialClaims: socials.map((e) => ({
        social: metaField(e.meta, 'social'),
        amount: money(e.amount),
        date: e.created_at,
      })),
      signInSignals: { linkedAt: linked?.linked_at ?? null, signals },
      postbacks: postbackRows.map((p) => ({
        wall: p.wall_slug,
        transactionId: p.trans_id,
        action: p.action,
        verdict: p.verdict,
        amount: p.amount === null ? null : money(p.amount),
        date: p.created_at,
      })),
      offerTransactions: offerRows.map((o) => ({
        wall: o.wall_slug,
        transactionId: o.trans_id,
        kind: o.kind,
        amount: o.amount === null ? null : money(o.amount),
        description: o.description,
        state: o.state,
        createdAt: o.created_at,
        updatedAt: o.updated_at,
      })),
      level,
      raceResults,
      auditLog: audit.map((a) => ({ action: a.action, date: a.created_at })),
    };
  });
}
