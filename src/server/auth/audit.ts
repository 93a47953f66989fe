import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditEvent =
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'signup'
  | 'email_verified'
  | 'email_change_requested'
  | 'email_changed'
  | 'password_reset_requested'
  | 'password_reset'
  | 'password_changed'
  | 'session_revoked'
  | 'account_disabled'
  | 'account_enabled'
  | 'role_changed'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'two_factor_failed'
  | 'recovery_codes_regenerated'
  | 'recovery_code_used'
  | 'other_sessions_revoked'
  | 'api_token_created';

export async function recordAudit(
  db: Db,
  params: {
    event: AuditEvent;
    userId: string | null;
    ip: string | null;
    now: Date;
    meta?: Record<string, string | number | boolean | null>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    event: params.event,
    userId: params.userId,
    ip: params.ip,
    meta: params.meta ?? null,
    createdAt: params.now,
  });
}

/** Whether the user has had this event before (e.g. a sign-in: the first one is no news to them). */
export async function hasAuditEvent(db: Db, params: { userId: string; event: AuditEvent }): Promise<boolean> {
  const rows = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.userId, params.userId), eq(auditLog.event, params.event)))
    .limit(1);
  return rows.length > 0;
}
