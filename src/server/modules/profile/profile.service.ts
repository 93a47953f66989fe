import type { ProfilePatch } from '../../../contracts/auth';
import { D } from '../../../core/trades';
import type { Db } from '../../db/client';
import { recomputeDefaultRisk, updateUserIncome } from '../trades';
import { toCurrentUserJson, updateUser, type CurrentUserJson, type UserRow } from '../users';

// The profile is its own area, above users and trades: changing the default risk re-derives the
// trades' R, and users (which trades, auth and billing build on) must not depend on trades.

/** The current-user answer, which carries every field the profile form edits. */
export type ProfileJson = CurrentUserJson;

export function toProfileJson(user: UserRow, now: Date): ProfileJson {
  return toCurrentUserJson(user, now);
}

/**
 * Applies a profile change. When the default risk per trade changes (or is cleared), every trade
 * whose R rests on it is derived again, in the same transaction; when the income setting changes,
 * every trade with income gets its net P&L again.
 */
export async function updateProfile(
  db: Db,
  params: { user: UserRow; patch: ProfilePatch; now: Date },
): Promise<UserRow> {
  const { user, patch } = params;
  return db.transaction(async (tx) => {
    const updated = await updateUser(tx, user.id, patch);
    const before = user.defaultRiskAmount === null ? null : D(user.defaultRiskAmount);
    const after = updated.defaultRiskAmount === null ? null : D(updated.defaultRiskAmount);
    const isRiskChanged = before === null || after === null ? before !== after : !before.eq(after);
    if (patch.defaultRiskAmount !== undefined && isRiskChanged)
      await recomputeDefaultRisk(tx, {
        userId: user.id,
        defaultRiskAmount: updated.defaultRiskAmount,
        now: params.now,
      });
    // Net P&L follows the income setting: every trade with income is written again (and so are
    // its analytics).
    if (updated.isIncomeInNetPnl !== user.isIncomeInNetPnl) await updateUserIncome(tx, user.id);
    return updated;
  });
}
