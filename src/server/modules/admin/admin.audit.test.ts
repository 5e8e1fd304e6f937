import { count, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { ADMIN_LIMITS, AUDIT_ACTIONS, type AuditEntry } from '../../../shared/schemas/admin';
import { chloeReplyJobs, auditLog, users } from '../../db/schema';
import { createUser, insertQuestions, insertReply } from '../questions/questions.test-helpers';
import { everyPage } from '../../test/helpers';
import { FOREIGN_CURSOR, insertEmail, useAdminApp } from './admin.test-helpers';

/** Before anything in this file happened: what it records is stamped between this and the moment it is read. */
const fileStarted = Date.now();
const { t, api, admin, alice, bob, mentor } = useAdminApp();

const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
const emailOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.email;
/** Sends an admin request and expects this status. */
async function act(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: object, status = 200) {
  const response = await api().send(method, url, admin, body);
  expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(status);
  return response;
}

describe('the audit log', () => {
  const expected: Partial<AuditEntry>[] = [];
  let adminEmail: string;

  beforeAll(async () => {
    adminEmail = await emailOf(admin.id);
    const student = await createUser(t.db, { displayName: 'Soon Mentor' });
    const waiting = await createUser(t.db, { role: 'mentor', displayName: 'Waiting One' });
    const declined = await createUser(t.db, { role: 'mentor', displayName: 'Waiting Two' });
    await t.db.update(users).set({ mentorVerifiedAt: null }).where(eq(users.id, waiting.id));
    await t.db.update(users).set({ mentorVerifiedAt: null }).where(eq(users.id, declined.id));
    const [doomed, dismissed, removed, failed, withReply] = await insertQuestions(t.db, [
      { authorId: alice.id, title: 'Doomed question' },
      { authorId: alice.id, title: 'Reported but fine' },
      { authorId: alice.id, title: 'Reported and removed' },
      { authorId: alice.id, title: 'Chloe failed here' },
      { authorId: alice.id, title: 'Has a bad reply', replyCount: 1 },
    ]);
    const reply = await insertReply(t.db, {
      questionId: withReply!.id,
      authorId: bob.id,
      content: 'A rude reply',
    });
    await t.db.insert(chloeReplyJobs).values({ questionId: failed!.id, status: 'failed', attempts: 5 });
    await api().report(bob, 'question', dismissed!.id);
    await api().report(bob, 'question', removed!.id);
    const reportIds = new Map((await api().reports(admin)).reports.map((r) => [r.content.title, r.id]));

    await act('PATCH', `/api/admin/users/${student.id}/role`, { role: 'mentor', reason: 'Great answers' });
    expected.push({
      action: 'user.role',
      targetType: 'user',
      targetId: student.id,
      targetLabel: await emailOf(student.id),
      reason: 'Great answers',
      detail: 'student → mentor',
    });
    await act('POST', `/api/admin/users/${waiting.id}/verify`);
    expected.push({
      action: 'mentor.verify',
      targetId: waiting.id,
      targetLabel: await emailOf(waiting.id),
      reason: null,
    });
    await act('POST', `/api/admin/users/${declined.id}/decline`, { reason: 'No experience given' });
    expected.push({
      action: 'mentor.decline',
      targetId: declined.id,
      reason: 'No experience given',
      detail: null,
    });
    await act('DELETE', `/api/admin/questions/${doomed!.id}`, { reason: 'Duplicate' });
    expected.push({
      action: 'question.delete',
      targetType: 'question',
      targetId: doomed!.id,
      targetLabel: 'Doomed question',
    });
    await act('DELETE', `/api/replies/${reply.id}`);
    expected.push({
      action: 'reply.delete',
      targetType: 'reply',
      targetId: reply.id,
      targetLabel: 'A rude reply',
    });
    await act('PATCH', `/api/admin/reports/${reportIds.get('Reported but fine')}`, { action: 'dismiss' });
    expected.push({
      action: 'report.dismiss',
      targetType: 'question',
      targetId: dismissed!.id,
      targetLabel: 'Reported but fine',
    });
    await act('PATCH', `/api/admin/reports/${reportIds.get('Reported and removed')}`, {
      action: 'remove',
      reason: 'Spam',
    });
    expected.push({
      action: 'report.remove',
      targetId: removed!.id,
      targetLabel: 'Reported and removed',
      reason: 'Spam',
    });
    await act('PUT', '/api/admin/government/status/immiaccount', { note: 'Maintenance on Saturday' });
    expected.push({
      action: 'notice.set',
      targetType: 'service',
      targetId: 'immiaccount',
      targetLabel: 'ImmiAccount',
      detail: 'Maintenance on Saturday',
    });
    await act('PUT', '/api/admin/government/status/immiaccount', { note: null });
    expected.push({ action: 'notice.clear', targetType: 'service', targetId: 'immiaccount', detail: null });
    await act('POST', `/api/admin/ai-jobs/${failed!.id}/retry`, undefined, 204);
    expected.push({
      action: 'ai-job.retry',
      targetType: 'question',
      targetId: failed!.id,
      targetLabel: 'Chloe failed here',
    });
    const email = await insertEmail(t.db, { kind: 'reset-password', to: 'lost@example.com' });
    await act('POST', `/api/admin/emails/${email}/retry`);
    expected.push({
      action: 'email.retry',
      targetType: 'email',
      targetId: String(email),
      targetLabel: 'reset-password → lost@example.com',
    });
    const exported = await act('POST', '/api/admin/export-newsletter');
    expect(exported.json().content).toContain('Mentor Me');
    expected.push({
      action: 'newsletter.export',
      targetType: 'newsletter',
      targetId: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      targetLabel: 'mentor-me-newsletter',
    });
  });

  it('has an entry for every admin action, newest first, with who did it and to what', async () => {
    const { entries, total } = await api().audit(admin);
    expect(total).toBe(expected.length);
    expect(entries.map((e) => e.action)).toEqual(expected.map((e) => e.action).reverse());
    entries.reverse().forEach((entry, i) => {
      expect(entry, entry.action).toMatchObject(expected[i]!);
      expect(entry.admin).toEqual({ id: admin.id, displayName: 'Ada Admin', email: adminEmail });
      expect(Date.parse(entry.createdAt)).toBeGreaterThanOrEqual(fileStarted);
      expect(Date.parse(entry.createdAt)).toBeLessThanOrEqual(Date.now());
    });
    // Every action the contract names is covered here, but a verified mentor's own profile edit (mentors.test.ts),
    // curating the directory (directory/curation.test.ts) and Chloe's misses (chloe/misses.test.ts).
    expect(new Set(expected.map((e) => e.action))).toEqual(
      new Set(
        AUDIT_ACTIONS.filter(
          (action) =>
            action !== 'mentor.profile' &&
            !action.startsWith('directory') &&
            !action.startsWith('chloe-miss'),
        ),
      ),
    );
    const ids = (await api().audit(admin)).entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('writes nothing for reads, refusals and no-ops', async () => {
    const before = await auditCount();
    await api().stats(admin);
    await api().questions(admin);
    await api().users(admin);
    await api().reports(admin);
    await api().audit(admin);
    await act('PATCH', `/api/admin/users/${bob.id}/role`, { role: 'student' });
    await act('POST', `/api/admin/users/${mentor.id}/verify`);
    await act('PATCH', `/api/admin/users/${admin.id}/role`, { role: 'student' }, 409);
    await act('POST', `/api/admin/users/${alice.id}/verify`, undefined, 409);
    await act('PUT', '/api/admin/government/status/not-a-service', { note: 'x' }, 404);
    expect(
      (await api().send('PATCH', `/api/admin/users/${bob.id}/role`, alice, { role: 'mentor' })).statusCode,
    ).toBe(403);
    expect(await auditCount()).toBe(before);
  });

  it('keeps the admin as they were named, after a rename and after their account is gone', async () => {
    const other = await createUser(t.db, { role: 'admin', displayName: 'Temporary Admin' });
    const email = await emailOf(other.id);
    expect((await api().send('POST', '/api/admin/export-newsletter', other)).statusCode).toBe(200);
    await t.db.update(users).set({ displayName: 'Renamed Admin' }).where(eq(users.id, other.id));
    await t.db.delete(users).where(eq(users.id, other.id));
    const [entry] = (await api().audit(admin)).entries;
    expect(entry).toMatchObject({
      action: 'newsletter.export',
      admin: { id: other.id, displayName: 'Temporary Admin', email },
    });
  });

  it('pages 25 at a time by its cursor, newest first, each entry once, those of one instant too', async () => {
    for (let i = 0; i < 5; i += 1) await act('POST', '/api/admin/export-newsletter');
    // 30 entries stamped at one instant: their numbers decide among them.
    const instant = new Date(fileStarted - 60_000);
    await t.db.insert(auditLog).values(
      Array.from({ length: 30 }, (_, i) => ({
        adminId: admin.id,
        adminName: 'Ada Admin',
        adminEmail,
        action: 'newsletter.export' as const,
        targetType: 'newsletter',
        targetId: `batch-${i}`,
        targetLabel: 'Newsletter',
        createdAt: instant,
      })),
    );
    const all = await auditCount();
    const size = ADMIN_LIMITS.pageSize;
    expect(all).toBeGreaterThan(size);
    const pages = await everyPage((cursor) => api().audit(admin, cursor));
    expect(pages.length).toBe(Math.ceil(all / size));
    expect(pages.slice(0, -1).every((page) => page.entries.length === size)).toBe(true);
    expect(pages.every((page) => page.total === all)).toBe(true);
    expect(pages[0]).not.toHaveProperty('page');
    const ordered = await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
    expect(pages.flatMap((page) => page.entries.map((e) => e.id))).toEqual(ordered.map((row) => row.id));
  });

  it('refuses a cursor it did not make with 400', async () => {
    const response = await api().send('GET', `/api/admin/audit?cursor=${FOREIGN_CURSOR}`, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: pagesEn.validation.cursorInvalid, code: 'VALIDATION' });
    expect((await api().send('GET', '/api/admin/audit?cursor=%25', admin)).statusCode).toBe(400);
  });
});

/** What PostgreSQL said when it refused a statement (drizzle wraps its error). */
async function refusal(
  query: PromiseLike<unknown>,
): Promise<{ code?: string; message?: string } | 'accepted'> {
  try {
    await query;
    return 'accepted';
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { code: cause?.code, message: cause?.message };
  }
}
// The trigger of migration 0007 raises insufficient_privilege.
const REFUSED = { code: '42501', message: 'the audit log is append-only' };

describe('nobody can change the audit log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database, and keeps taking new entries', async () => {
    const before = await t.db.select().from(auditLog).orderBy(auditLog.id);
    expect(before.length).toBeGreaterThan(0);
    const id = before[0]!.id;
    for (const statement of [
      sql`update audit_log set reason = 'tampered' where id = ${id}`,
      sql`update audit_log set admin_name = 'Someone else'`,
      sql`delete from audit_log where id = ${id}`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      expect(await refusal(t.db.execute(statement))).toEqual(REFUSED);
    }
    expect(await refusal(t.db.update(auditLog).set({ detail: 'x' }).where(eq(auditLog.id, id)))).toEqual(
      REFUSED,
    );
    expect(await t.db.select().from(auditLog).orderBy(auditLog.id)).toEqual(before);
    await act('POST', '/api/admin/export-newsletter');
    expect(await auditCount()).toBe(before.length + 1);
  });

  it('has no route to edit or delete it', async () => {
    const before = await auditCount();
    const [entry] = (await api().audit(admin)).entries;
    for (const [method, url] of [
      ['PATCH', '/api/admin/audit'],
      ['DELETE', '/api/admin/audit'],
      ['PUT', '/api/admin/audit'],
      ['POST', '/api/admin/audit'],
      ['PATCH', `/api/admin/audit/${entry!.id}`],
      ['DELETE', `/api/admin/audit/${entry!.id}`],
    ] as const) {
      const response = await api().send(
        method,
        url,
        admin,
        method === 'DELETE' ? undefined : { reason: 'x' },
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await auditCount()).toBe(before);
  });
});
