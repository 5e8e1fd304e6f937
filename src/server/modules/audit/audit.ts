import { count, desc } from 'drizzle-orm';
import {
  ADMIN_LIMITS,
  type AuditAction,
  type AuditCursor,
  type AuditResponse,
} from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { afterTime, exactTime, keysetPage } from '../../db/keyset';
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

/** The audit log, newest first, a page at a time: each starts after the cursor's entry. */
export async function listAudit(db: Database, cursor: AuditCursor | undefined): Promise<AuditResponse> {
  const pageSize = ADMIN_LIMITS.pageSize;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, at: exactTime(auditLog.createdAt) })
      .from(auditLog)
      .where(cursor ? afterTime(auditLog.createdAt, auditLog.id, cursor) : undefined)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize + 1),
    db.select({ n: count() }).from(auditLog),
  ]);
  const { page, nextCursor } = keysetPage(rows, pageSize, (last) => ({
    createdAt: last.at,
    id: last.entry.id,
  }));
  return {
    entries: page.map(({ entry }) => ({
      id: entry.id,
      admin: { id: entry.adminId, displayName: entry.adminName, email: entry.adminEmail },
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetLabel: entry.targetLabel,
      reason: entry.reason,
      detail: entry.detail,
      createdAt: entry.createdAt.toISOString(),
    })),
    nextCursor,
    total: total?.n ?? 0,
  };
}
