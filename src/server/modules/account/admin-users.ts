import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ADMIN_LIMITS,
  type AdminUser,
  type AdminUsersResponse,
  type adminUsersQuerySchema,
} from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { errors } from '../../errors';
import { afterTime, exactTime, keysetPage } from '../../db/keyset';
import { iso } from '../../lib/text';
import type { SessionUser } from '../../plugins/auth';
import { endSessions } from '../../plugins/sessions';
import { recordAudit } from '../audit';
import { closeMentorConversationsIn } from '../chat';
import { notifyMentorDecision } from '../notifications';
import { publishQuestionsChanged } from '../questions';

type Query = z.output<typeof adminUsersQuerySchema>;
type UserRow = typeof users.$inferSelect;

/** `users.id` written out in full: inside a subquery a bare "id" would be the subquery's own. */
const USER_ID = sql`${users}.${sql.identifier('id')}`;
const COUNTS = {
  questions: sql<number>`(select count(*) from questions q where q.author_id = ${USER_ID})::int`,
  replies: sql<number>`(select count(*) from replies r where r.author_id = ${USER_ID})::int`,
};

/** Notes shown on a mentor's row: the newest. */
const FEEDBACK_NOTES = 5;

type FeedbackRow = { mentor_id: string; helpful: boolean; note: string | null; created_at: Date | string };

/** What students said after their conversations with these mentors, one round trip for the page. */
async function chatFeedbackOf(
  db: Database,
  mentorIds: string[],
): Promise<Map<string, AdminUser['chatFeedback']>> {
  const byMentor = new Map<string, NonNullable<AdminUser['chatFeedback']>>();
  for (const id of mentorIds) byMentor.set(id, { helpful: 0, notHelpful: 0, notes: [] });
  if (mentorIds.length === 0) return byMentor;
  const rows = await db.execute<FeedbackRow>(sql`
    select c.mentor_id, f.helpful, f.note, f.created_at from conversation_feedback f
    join conversations c on c.id = f.conversation_id
    where c.mentor_id in (${sql.join(
      mentorIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    order by f.created_at desc`);
  for (const row of rows.rows) {
    const entry = byMentor.get(row.mentor_id)!;
    if (row.helpful) entry.helpful += 1;
    else entry.notHelpful += 1;
    if (row.note && entry.notes.length < FEEDBACK_NOTES)
      entry.notes.push({ helpful: row.helpful, note: row.note, createdAt: iso(row.created_at) });
  }
  return byMentor;
}

function toAdminUser(
  row: UserRow & { questionCount: number; replyCount: number },
  chatFeedback: AdminUser['chatFeedback'] = null,
): AdminUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    mentorVerified: row.role === 'mentor' && row.mentorVerifiedAt !== null,
    emailVerified: row.emailVerifiedAt !== null,
    isDemo: row.isDemo,
    questionCount: row.questionCount,
    replyCount: row.replyCount,
    headline: row.headline,
    story: row.story,
    countryPath: row.countryPath,
    expertise: row.expertise,
    topics: row.topics,
    languages: row.languages,
    state: row.state,
    city: row.city,
    chatFeedback,
  };
}

/**
 * Members as admins see them, in the order they joined (newest first, or oldest first), at most `limit`; with the
 * time each joined to the microsecond, for a cursor.
 */
async function readUsers(db: Database, where: SQL, limit: number, oldestFirst = false) {
  const order = oldestFirst ? asc : desc;
  return db
    .select({
      user: users,
      questionCount: COUNTS.questions,
      replyCount: COUNTS.replies,
      joined: exactTime(users.createdAt),
    })
    .from(users)
    .where(where)
    .orderBy(order(users.createdAt), order(users.id))
    .limit(limit);
}

/** The rows as the dashboard shows them, with what students said of the mentors among them. */
async function toAdminUsers(db: Database, rows: Awaited<ReturnType<typeof readUsers>>): Promise<AdminUser[]> {
  const feedback = await chatFeedbackOf(
    db,
    rows.filter((row) => row.user.role === 'mentor').map((row) => row.user.id),
  );
  return rows.map((row) =>
    toAdminUser(
      { ...row.user, questionCount: row.questionCount, replyCount: row.replyCount },
      feedback.get(row.user.id) ?? null,
    ),
  );
}

/**
 * Members newest first; a search matches e-mail or name. Mentors to verify come oldest first (first come, first
 * served). A page starts after the cursor's member; `total` counts every member the filters match.
 */
export async function listAdminUsers(db: Database, query: Query): Promise<AdminUsersResponse> {
  const filters: SQL[] = [sql`true`];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(sql`(${users.email} ilike ${like} or ${users.displayName} ilike ${like})`);
  }
  if (query.filter === 'mentors-to-verify') {
    filters.push(sql`${users.role} = 'mentor' and ${users.mentorVerifiedAt} is null`);
  } else if (query.filter) {
    filters.push(sql`${users.role} = ${query.filter}`);
  }
  const oldestFirst = query.filter === 'mentors-to-verify';
  const matching = sql.join(filters, sql` and `);
  const after = query.cursor
    ? afterTime(users.createdAt, users.id, query.cursor, oldestFirst ? 'asc' : 'desc')
    : sql`true`;
  const pageSize = ADMIN_LIMITS.pageSize;
  const [rows, [total]] = await Promise.all([
    readUsers(db, sql`${matching} and ${after}`, pageSize + 1, oldestFirst),
    db.select({ n: count() }).from(users).where(matching),
  ]);
  const { page, nextCursor } = keysetPage(rows, pageSize, (last) => ({
    createdAt: last.joined,
    id: last.user.id,
  }));
  return { users: await toAdminUsers(db, page), nextCursor, total: total?.n ?? 0 };
}

async function adminUser(db: Database, id: string): Promise<AdminUser> {
  const [user] = await toAdminUsers(db, await readUsers(db, eq(users.id, id), 1));
  if (!user) throw errors.notFound();
  return user;
}

/** The member, locked for the change (two admins at once act one after the other). */
async function lockUser(tx: Pick<Database, 'select'>, id: string): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!user) throw errors.notFound();
  return user;
}

/**
 * Makes a student a mentor (verified: an admin chose them) or a mentor a student. Admins are never changed here,
 * so no admin can demote themselves or the last admin. A change ends the person's sessions, which closes their
 * sockets (migration 0006's trigger): they sign in again with the new role. A mentor made a student leaves their
 * conversations as a mentor closed.
 */
export async function changeUserRole(
  db: Database,
  admin: SessionUser,
  id: string,
  input: { role: 'student' | 'mentor'; reason?: string },
): Promise<AdminUser> {
  if (id === admin.id) throw errors.ownRole();
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (user.role === 'admin') throw errors.adminRoleFixed();
    if (user.role === input.role) return;
    await tx
      .update(users)
      .set({
        role: input.role,
        mentorVerifiedAt: input.role === 'mentor' ? new Date() : null,
        mentorVerifiedBy: input.role === 'mentor' ? admin.id : null,
        mentorDeclinedReason: input.role === 'mentor' ? null : user.mentorDeclinedReason,
      })
      .where(eq(users.id, id));
    await endSessions(tx, id);
    if (user.role === 'mentor') await closeMentorConversationsIn(tx, id);
    // Their badge on questions and replies changes with the role.
    await publishQuestionsChanged(tx);
    await recordAudit(tx, admin, {
      action: 'user.role',
      targetType: 'user',
      targetId: id,
      targetLabel: user.email,
      reason: input.reason,
      detail: `${user.role} → ${input.role}`,
    });
  });
  return adminUser(db, id);
}

/**
 * Verifies a mentor: students can then choose them for chat, and their replies carry the Mentor badge. `admin` is
 * null from the command line (`npm run admin -- --verify-mentor`), where no account acts and nothing is logged.
 */
export async function verifyMentorById(
  db: Database,
  admin: SessionUser | null,
  id: string,
  reason?: string,
): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (user.role !== 'mentor') throw errors.notMentor();
    if (user.mentorVerifiedAt) return;
    // Students must be able to trust that a mentor's address is theirs and that they said what they help with.
    if (!user.emailVerifiedAt) throw errors.emailNotVerified();
    if (!user.headline) throw errors.profileIncomplete();
    await tx
      .update(users)
      .set({ mentorVerifiedAt: new Date(), mentorVerifiedBy: admin?.id ?? null, mentorDeclinedReason: null })
      .where(eq(users.id, id));
    await notifyMentorDecision(tx, id, { verified: true });
    await publishQuestionsChanged(tx);
    if (admin) {
      await recordAudit(tx, admin, {
        action: 'mentor.verify',
        targetType: 'user',
        targetId: id,
        targetLabel: user.email,
        reason,
      });
    }
  });
  return adminUser(db, id);
}

/**
 * Declines a mentor who is waiting for verification: they become a student, their sessions end, and at their next
 * sign-in they read why.
 */
export async function declineMentor(
  db: Database,
  admin: SessionUser,
  id: string,
  reason: string,
): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (user.role !== 'mentor') throw errors.notMentor();
    if (user.mentorVerifiedAt) throw errors.alreadyVerified();
    await tx.update(users).set({ role: 'student', mentorDeclinedReason: reason }).where(eq(users.id, id));
    await notifyMentorDecision(tx, id, { verified: false, reason });
    await endSessions(tx, id);
    await recordAudit(tx, admin, {
      action: 'mentor.decline',
      targetType: 'user',
      targetId: id,
      targetLabel: user.email,
      reason,
    });
  });
  return adminUser(db, id);
}
