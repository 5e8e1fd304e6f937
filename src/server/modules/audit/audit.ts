import { count, desc } from 'drizzle-orm';
import { ADMIN_LIMITS, type AuditAction, type AuditResponse } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { SessionUser } from '../../plugins/auth';

type Executor = Pick<Database, 'insert'>;

export type AuditRecord = {
  action: AuditAction;
  targetType: string;
  targetId: string;
  targetLabel: string;
  reason?: string | null;
  detail?: string | null;
};

/**
 * Writes an admin action to the audit log. Pass the transaction that makes the change, so the record and the change
 * are kept or lost together.
 */
export async function recordAudit(db: Executor, admin: SessionUser, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    adminId: admin.id,
    adminName: admin.displayName,
    adminEmail: admin.email,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    targetLabel: record.targetLabel,
    reason: record.reason ?? null,
    detail: record.detail ?? null,
  });
}

/** The audit log, newest first, a page at a time. */
export async function listAudit(db: Database, page: number): Promise<AuditResponse> {
  const pageSize = ADMIN_LIMITS.pageSize;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditLog),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      admin: { id: row.adminId, displayName: row.adminName, email: row.adminEmail },
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      targetLabel: row.targetLabel,
      reason: row.reason,
      detail: row.detail,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
