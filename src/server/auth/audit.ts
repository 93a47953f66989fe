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
  | 'role_changed';

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
