import type { Selectable } from 'kysely';
import type { Deps } from '../../deps.ts';
import type { StaffTable } from '../../db/tables/accounts.ts';
import { hashRecoveryCode, unseal } from './staff-secrets.ts';
import { looksLikeTotp, totpStep } from './staff-totp.ts';
import * as repo from './staff-repository.ts';

type Member = Selectable<StaffTable>;

/**
 * A member's second factor: a current TOTP code not used before (its step must be newer than the last
 * one accepted), or one of their unused recovery codes, which is used up by the same conditional update
 * that checks it is still there.
 */
export async function checkSecondFactor(
  deps: Deps,
  member: Member,
  code: string,
): Promise<{ ok: boolean; recoveryCodesLeft?: number }> {
  if (looksLikeTotp(code)) {
    if (!member.totp_secret) return { ok: false };
    const step = totpStep(await unseal(deps, member.totp_secret), code, deps.clock.now());
    // A code works once: the step is taken by a conditional update, so a replay (or a race) fails.
    return { ok: step !== null && (await repo.takeTotpStep(deps.db, member.id, step)) };
  }
  const stored = member.recovery_codes;
  if (!stored) return { ok: false };
  const hashes = JSON.parse(stored) as string[];
  const hash = hashRecoveryCode(code);
  if (!hashes.includes(hash)) return { ok: false };
  const left = hashes.filter((h) => h !== hash);
  const used = await repo.replaceRecoveryCodes(
    deps.db,
    member.id,
    stored,
    JSON.stringify(left),
    deps.clock.now().toISOString(),
  );
  return used ? { ok: true, recoveryCodesLeft: left.length } : { ok: false };
}
