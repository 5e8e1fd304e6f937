import { asc, count, desc, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { pagesVi } from '../../../shared/i18n/pages.vi';
import { ADMIN_LIMITS, type AdminUser } from '../../../shared/schemas/admin';
import { auditLog, conversations, sessions, users } from '../../db/schema';
import { everyPage, signIn } from '../../test/helpers';
import { conversationPair, openSocket, post } from '../chat/chat.test-helpers';
import {
  api as questionsApi,
  createUser,
  createUsers,
  DAY_MS,
  insertQuestions,
  insertReply,
  type FastUser,
} from '../questions/questions.test-helpers';
import { FOREIGN_CURSOR, UNKNOWN_ID, useAdminApp } from '../admin/admin.test-helpers';

/** Before anything in this file happened: what it records is stamped between this and the moment it is read. */
const fileStarted = Date.now();
const { t, api, admin, alice, bob, mentor } = useAdminApp();

const emails = (list: AdminUser[]) => list.map((u) => u.email);
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
const me = (who: FastUser) => t.app.inject({ url: '/api/auth/me', headers: who.headers });
const sessionCount = async (userId: string) =>
  (await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;
const changeRole = (userId: string, body: object, headers: Record<string, string> = {}) =>
  api().send('PATCH', `/api/admin/users/${userId}/role`, admin, body, headers);

describe('the user list', () => {
  const people = {} as Record<
    'linh' | 'quang' | 'waiting' | 'older' | 'admin2',
    FastUser & { email: string }
  >;
  beforeAll(async () => {
    const make = async (
      key: keyof typeof people,
      email: string,
      options: Parameters<typeof createUser>[1],
      extra: Partial<typeof users.$inferInsert> = {},
    ) => {
      const user = await createUser(t.db, options);
      await t.db
        .update(users)
        // Made with a session, which counts as a visit: none unless the case says so.
        .set({ email, lastSeenAt: null, ...extra })
        .where(eq(users.id, user.id));
      people[key] = { ...user, email };
    };
    // Created in this order, so newest first is the reverse.
    await make(
      'older',
      'older.mentor@uni.example',
      { role: 'mentor', displayName: 'Older Waiting', ageMs: 2 * DAY_MS },
      {
        mentorVerifiedAt: null,
        headline: 'Nurse in Perth',
      },
    );
    await make(
      'linh',
      'linh.pham@uni.example',
      { displayName: 'Linh Pham', ageMs: DAY_MS },
      { lastSeenAt: new Date() },
    );
    await make('quang', 'q.tran@work.example', { displayName: 'Quang Tran 100%', ageMs: DAY_MS / 2 });
    await make(
      'waiting',
      'new.mentor@uni.example',
      { role: 'mentor', displayName: 'Hoa Le', ageMs: DAY_MS / 4 },
      {
        mentorVerifiedAt: null,
        headline: 'Software engineer in Melbourne',
        story: 'I came on a student visa in 2015 and now hire graduates.',
        countryPath: 'Vietnam → Australia',
        expertise: ['work-career', 'student-support'],
      },
    );
    await make('admin2', 'second.admin@mentorme.example', {
      role: 'admin',
      displayName: 'Second Admin',
      ageMs: 0,
    });
    const [asked] = await insertQuestions(t.db, [{ authorId: people.linh.id }, { authorId: people.linh.id }]);
    await insertReply(t.db, { questionId: asked!.id, authorId: people.linh.id, content: 'Thanks all' });
  });

  it('searches e-mail and name, any case, with % and _ taken literally', async () => {
    const cases: [string, string[]][] = [
      ['LINH.PHAM', ['linh.pham@uni.example']],
      ['pham', ['linh.pham@uni.example']],
      ['work.example', ['q.tran@work.example']],
      ['hoa le', ['new.mentor@uni.example']],
      ['100%', ['q.tran@work.example']],
      ['%', ['q.tran@work.example']],
      ['_', []],
      ['uni.example', ['new.mentor@uni.example', 'linh.pham@uni.example', 'older.mentor@uni.example']],
    ];
    for (const [q, expected] of cases) {
      const list = await api().users(admin, { q });
      expect(emails(list.users), q).toEqual(expected);
      expect(list.total, q).toBe(expected.length);
    }
  });

  it('filters by role and by mentors to verify, with totals that match the database', async () => {
    for (const role of ['student', 'mentor', 'admin'] as const) {
      const list = await api().users(admin, { filter: role });
      const [n] = await t.db.select({ n: count() }).from(users).where(eq(users.role, role));
      expect(list.total, role).toBe(n!.n);
      expect(
        list.users.every((u) => u.role === role),
        role,
      ).toBe(true);
    }
    const admins = await api().users(admin, { filter: 'admin' });
    expect(emails(admins.users)).toContain('second.admin@mentorme.example');
    const mentors = await api().users(admin, { filter: 'mentor' });
    expect(mentors.users.find((u) => u.id === mentor.id)?.mentorVerified).toBe(true);
    expect(mentors.users.find((u) => u.id === people.waiting.id)?.mentorVerified).toBe(false);
  });

  it('shows a mentor waiting for verification with what they wrote about themselves', async () => {
    const list = await api().users(admin, { filter: 'mentors-to-verify' });
    expect(list.total).toBe(2);
    expect(list.users.find((u) => u.id === people.waiting.id)).toMatchObject({
      email: 'new.mentor@uni.example',
      displayName: 'Hoa Le',
      role: 'mentor',
      mentorVerified: false,
      headline: 'Software engineer in Melbourne',
      story: 'I came on a student visa in 2015 and now hire graduates.',
      countryPath: 'Vietnam → Australia',
      expertise: ['work-career', 'student-support'],
    });
  });

  // users.ts documents "Mentors to verify come oldest first (first come, first served)"; readUsers orders every
  // list newest first.
  it('lists mentors to verify oldest first, as users.ts documents', async () => {
    const list = await api().users(admin, { filter: 'mentors-to-verify' });
    expect(emails(list.users)).toEqual(['older.mentor@uni.example', 'new.mentor@uni.example']);
  });

  it('lists members newest first with their role and last visit', async () => {
    const list = await api().users(admin);
    const [n] = await t.db.select({ n: count() }).from(users);
    expect(list).toMatchObject({ total: n!.n, nextCursor: null });
    expect(list).not.toHaveProperty('page');
    expect(emails(list.users).slice(0, 4)).toEqual([
      'second.admin@mentorme.example',
      'new.mentor@uni.example',
      'q.tran@work.example',
      'linh.pham@uni.example',
    ]);
    const linh = list.users.find((u) => u.id === people.linh.id)!;
    expect(linh).toMatchObject({ role: 'student', mentorVerified: false, isDemo: false });
    expect(Date.parse(linh.lastSeenAt!)).toBeGreaterThanOrEqual(fileStarted);
    expect(Date.parse(linh.lastSeenAt!)).toBeLessThanOrEqual(Date.now());
    expect(list.users.find((u) => u.id === people.quang.id)).toMatchObject({ lastSeenAt: null });
  });

  // users.ts COUNTS interpolates ${users.id}; drizzle writes it unqualified ("id"), so inside the subqueries it is
  // the question's (the reply's) own id and every count is 0.
  it('counts each member’s questions and replies', async () => {
    const [linh] = (await api().users(admin, { q: 'linh.pham' })).users;
    expect(linh).toMatchObject({ questionCount: 2, replyCount: 1 });
    const [quang] = (await api().users(admin, { q: 'q.tran' })).users;
    expect(quang).toMatchObject({ questionCount: 0, replyCount: 0 });
  });

  it('refuses a bad filter, search or cursor with 400', async () => {
    for (const query of [
      'filter=mentors',
      `q=${'x'.repeat(201)}`,
      `cursor=${FOREIGN_CURSOR}`,
      'cursor=a.b',
    ]) {
      expect((await api().send('GET', `/api/admin/users?${query}`, admin)).statusCode, query).toBe(400);
    }
    const foreign = await api().send('GET', `/api/admin/users?cursor=${FOREIGN_CURSOR}`, admin);
    expect(foreign.json()).toEqual({ error: pagesEn.validation.cursorInvalid, code: 'VALIDATION' });
  });
});

describe('changing a role', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('makes a student a verified mentor, ends their sessions and closes their socket', async () => {
    const student = await createUser(t.db, { displayName: 'Promoted Student' });
    const socket = await openSocket(base, student.headers);
    await socket.next('hello');
    const response = await changeRole(student.id, { role: 'mentor', reason: 'Helpful answers' });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminUser>()).toMatchObject({
      id: student.id,
      role: 'mentor',
      mentorVerified: true,
    });
    expect((await me(student)).statusCode).toBe(401);
    expect(await sessionCount(student.id)).toBe(0);
    expect((await socket.closed).code).toBe(4001);
    const [row] = await t.db.select().from(users).where(eq(users.id, student.id));
    expect(row).toMatchObject({ role: 'mentor', mentorVerifiedBy: admin.id });
    expect(row!.mentorVerifiedAt).not.toBeNull();
    const { entries } = await api().audit(admin);
    expect(entries[0]).toMatchObject({
      action: 'user.role',
      targetType: 'user',
      targetId: student.id,
      targetLabel: row!.email,
      reason: 'Helpful answers',
      detail: 'student → mentor',
    });
  });

  it('makes a mentor a student, unverified, and ends their sessions', async () => {
    const someMentor = await createUser(t.db, { role: 'mentor' });
    const response = await changeRole(someMentor.id, { role: 'student' });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminUser>()).toMatchObject({ role: 'student', mentorVerified: false });
    expect((await me(someMentor)).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, someMentor.id));
    expect(row!.mentorVerifiedAt).toBeNull();
    expect((await api().audit(admin)).entries[0]).toMatchObject({ detail: 'mentor → student', reason: null });
  });

  it('closes the conversations of a mentor made a student, and tells both people of each at once', async () => {
    const { student, mentor: m, conversation } = await conversationPair(t.app, t.db);
    const socket = await openSocket(base, { cookie: student.cookie });
    await socket.next('hello');
    expect((await changeRole(m.user.id, { role: 'student', reason: 'Misconduct' })).statusCode).toBe(200);
    expect(await socket.next('conversation')).toEqual({
      type: 'conversation',
      conversationId: conversation.id,
    });
    const [row] = await t.db.select().from(conversations).where(eq(conversations.id, conversation.id));
    expect(row!.status).toBe('closed');
    const again = await signIn(t.app, m.email, m.password);
    const refused = await post(t.app, again, conversation.id, 'Are you still there?');
    expect(refused.statusCode).toBe(409);
    expect((await post(t.app, student, conversation.id, 'Hello?')).statusCode).toBe(409);
    socket.ws.close();

    // The student is told why, in their language, and that they can choose another mentor.
    const news = await t.app.inject({
      url: '/api/notifications',
      headers: { cookie: student.cookie, 'accept-language': 'vi' },
    });
    const told = news
      .json<{ notifications: { type: string; text: string }[] }>()
      .notifications.find((n) => n.type === 'conversation_closed');
    expect(told?.text).toContain('không còn là người hướng dẫn');
    expect(told?.text).toContain(conversation.title);
  });

  it('changes the badge on their replies at once, cached pages too', async () => {
    const person = await createUser(t.db, { displayName: 'Badge Person' });
    const a = questionsApi(t.app);
    const asked = await a.ask(alice.headers, { title: 'Who can check my cover letter?' });
    await a.reply(person.headers, asked.id, 'I can, send it over.');
    const badge = async () =>
      (await a.detail(asked.id)).replies.find((r) => r.author?.displayName === 'Badge Person')!.author!.role;
    expect(await badge()).toBe('student');
    expect((await changeRole(person.id, { role: 'mentor' })).statusCode).toBe(200);
    expect(await badge()).toBe('mentor');
    expect((await changeRole(person.id, { role: 'student' })).statusCode).toBe(200);
    expect(await badge()).toBe('student');
  });

  it('does nothing when the role is already the one asked for', async () => {
    const before = await auditCount();
    const response = await changeRole(bob.id, { role: 'student' });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminUser>()).toMatchObject({ id: bob.id, role: 'student' });
    expect((await me(bob)).statusCode).toBe(200);
    expect((await changeRole(mentor.id, { role: 'mentor' })).json<AdminUser>().mentorVerified).toBe(true);
    expect((await me(mentor)).statusCode).toBe(200);
    expect(await auditCount()).toBe(before);
  });

  it('never makes anyone an admin: 400 with the message', async () => {
    for (const body of [{ role: 'admin' }, { role: 'superuser' }, {}, { role: null }]) {
      const response = await changeRole(alice.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ error: 'The role must be student or mentor.', code: 'VALIDATION' });
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, alice.id));
    expect(row!.role).toBe('student');
  });

  it('never changes an admin: 409, and their sessions stay', async () => {
    const other = await createUser(t.db, { role: 'admin', displayName: 'Other Admin' });
    const before = await auditCount();
    for (const role of ['student', 'mentor']) {
      const response = await changeRole(other.id, { role });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'Admins cannot be changed.', code: 'ADMIN_ROLE_FIXED' });
    }
    expect((await me(other)).json().user.role).toBe('admin');
    expect(await auditCount()).toBe(before);
  });

  it('never lets an admin change their own role: 409', async () => {
    for (const role of ['student', 'mentor']) {
      const response = await changeRole(admin.id, { role });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'You cannot change your own role.', code: 'OWN_ROLE' });
    }
    expect((await me(admin)).json().user.role).toBe('admin');
  });

  it('answers 404 to an unknown member and 400 to an id that is not one', async () => {
    const unknown = await changeRole(UNKNOWN_ID, { role: 'mentor' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: pagesEn.errors.notFound, code: 'NOT_FOUND' });
    const bad = await changeRole('not-a-uuid', { role: 'mentor' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: pagesEn.validation.idInvalid, code: 'VALIDATION' });
  });

  it('refuses an over-long reason', async () => {
    const response = await changeRole(alice.id, { role: 'mentor', reason: 'x'.repeat(501) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: pagesEn.admin.reasonMax, code: 'VALIDATION' });
    expect((await me(alice)).json().user.role).toBe('student');
  });

  it('answers in Vietnamese to Accept-Language: vi', async () => {
    const vi = { 'accept-language': 'vi' };
    const other = await createUser(t.db, { role: 'admin' });
    const cases: [Promise<{ statusCode: number; json: () => unknown }>, number, string][] = [
      [changeRole(alice.id, { role: 'admin' }, vi), 400, pagesVi.admin.roleInvalid],
      [changeRole(other.id, { role: 'student' }, vi), 409, pagesVi.admin.adminRoleFixed],
      [changeRole(admin.id, { role: 'student' }, vi), 409, pagesVi.admin.ownRole],
      [changeRole(UNKNOWN_ID, { role: 'student' }, vi), 404, pagesVi.errors.notFound],
    ];
    for (const [pending, status, message] of cases) {
      const response = await pending;
      expect(response.statusCode).toBe(status);
      expect((response.json() as { error: string }).error).toBe(message);
    }
    expect(pagesVi.admin.roleInvalid).not.toBe(pagesEn.admin.roleInvalid);
  });
});

describe('paging the user list by its cursor', () => {
  const size = ADMIN_LIMITS.pageSize;
  beforeAll(async () => {
    // 30 students and 27 mentors waiting, most of each joined at one instant: their ids decide among them.
    const students = await createUsers(t.db, 30, { displayName: 'Paged Student', ageMs: 3 * DAY_MS });
    const waiting = await createUsers(t.db, 27, {
      role: 'mentor',
      displayName: 'Paged Mentor',
      ageMs: DAY_MS,
    });
    const waitingIds = waiting.map((person) => person.id);
    await t.db.update(users).set({ mentorVerifiedAt: null }).where(inArray(users.id, waitingIds));
    // A few apart from the rest: students later, mentors earlier.
    for (const [i, person] of students.slice(0, 3).entries())
      await t.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - 2 * DAY_MS + i * 60_000) })
        .where(eq(users.id, person.id));
    for (const [i, person] of waiting.slice(0, 3).entries())
      await t.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - 2 * DAY_MS - i * 60_000) })
        .where(eq(users.id, person.id));
  });

  const walk = (params: Record<string, string>) =>
    everyPage((cursor) => api().users(admin, { ...params, cursor }));
  /** The ids the database gives for these names, in the list's order. */
  const inOrder = async (name: string, oldestFirst = false) => {
    const order = oldestFirst ? asc : desc;
    const rows = await t.db
      .select({ id: users.id })
      .from(users)
      .where(like(users.displayName, `${name}%`))
      .orderBy(order(users.createdAt), order(users.id));
    return rows.map((row) => row.id);
  };

  it('walks members newest first, each once, across pages, those of one instant too', async () => {
    const pages = await walk({ q: 'Paged Student' });
    expect(pages.map((page) => page.users.length)).toEqual([size, 30 - size]);
    expect(pages.map((page) => page.total)).toEqual([30, 30]);
    expect(pages[0]!.nextCursor).toEqual(expect.any(String));
    expect(pages.flatMap((page) => page.users.map((u) => u.id))).toEqual(await inOrder('Paged Student'));
  });

  it('keeps the filters on every page', async () => {
    const pages = await walk({ q: 'Paged', filter: 'student' });
    const listed = pages.flatMap((page) => page.users);
    expect(listed).toHaveLength(30);
    expect(listed.every((u) => u.role === 'student' && u.displayName.startsWith('Paged Student'))).toBe(true);
    expect(pages.map((page) => page.total)).toEqual([30, 30]);
  });

  it('walks mentors to verify oldest first, first come first served, each once', async () => {
    const pages = await walk({ q: 'Paged Mentor', filter: 'mentors-to-verify' });
    expect(pages.map((page) => page.users.length)).toEqual([size, 27 - size]);
    expect(pages.map((page) => page.total)).toEqual([27, 27]);
    expect(pages.flatMap((page) => page.users.map((u) => u.id))).toEqual(await inOrder('Paged Mentor', true));
  });

  it('starts the next page after the last row shown, whatever changed before it', async () => {
    const [first] = await walk({ q: 'Paged Student' });
    const shown = first!.users.map((u) => u.id);
    // A member of the first page goes: the second page is still the rest, nothing repeated or skipped.
    await t.db.delete(users).where(eq(users.id, shown[3]!));
    const next = await api().users(admin, { q: 'Paged Student', cursor: first!.nextCursor! });
    expect(next.users.map((u) => u.id)).toEqual((await inOrder('Paged Student')).slice(size - 1));
    expect(next).toMatchObject({ total: 29, nextCursor: null });
  });
});
