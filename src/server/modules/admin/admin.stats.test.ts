import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats } from '../../../shared/schemas/admin';
import { chloeReplyJobs, reports, users } from '../../db/schema';
import { signIn, signUp } from '../../test/helpers';
import {
  createUser,
  DAY_MS,
  HOUR_MS,
  insertQuestions,
  insertReply,
} from '../questions/questions.test-helpers';
import { insertEmail, useAdminApp } from './admin.test-helpers';

// A database of its own: every figure is known.
const { t, api, admin, alice, bob, mentor } = useAdminApp();

/**
 * How far inside and past 30 days the visits near the edge are. "30 days" is counted in PostgreSQL's calendar days
 * (`now() - make_interval(days => 30)`), which are an hour longer or shorter than 30 × 24 hours across a change of
 * daylight saving time; and the figures are read some time after the visits were set. Hours cover both.
 */
const EDGE_MS = 6 * HOUR_MS;
const figures = async (): Promise<Omit<AdminStats, 'generatedAt'>> => {
  const asked = Date.now();
  const { generatedAt, ...rest } = await api().stats(admin);
  // Made for this request: stamped between the question and its answer.
  expect(Date.parse(generatedAt)).toBeGreaterThanOrEqual(asked);
  expect(Date.parse(generatedAt)).toBeLessThanOrEqual(Date.now());
  return rest;
};

describe('the dashboard figures', () => {
  const q: Record<'sosAlone' | 'sosChloe' | 'sosAnswered' | 'chloeOnly' | 'answered', string> = {
    sosAlone: '',
    sosChloe: '',
    sosAnswered: '',
    chloeOnly: '',
    answered: '',
  };
  let humanReplyId: string;
  let waiting: string[];

  beforeAll(async () => {
    const now = Date.now();
    const seen = (id: string, ago: number | null) =>
      t.db
        .update(users)
        .set({ lastSeenAt: ago === null ? null : new Date(now - ago) })
        .where(eq(users.id, id));
    const lan = await createUser(t.db, { displayName: 'Lan' });

    // Two mentors waiting for verification besides the verified one.
    waiting = await Promise.all(
      ['Waiting A', 'Waiting B'].map(
        async (displayName) => (await createUser(t.db, { role: 'mentor', displayName })).id,
      ),
    );
    await t.db.update(users).set({ mentorVerifiedAt: null }).where(inArray(users.id, waiting));

    const rows = await insertQuestions(t.db, [
      { authorId: alice.id, title: 'SOS nobody answered', isUrgent: true },
      { authorId: alice.id, title: 'SOS only Chloe answered', isUrgent: true },
      { authorId: alice.id, title: 'SOS a mentor answered', isUrgent: true },
      { authorId: bob.id, title: 'Only Chloe answered' },
      { authorId: bob.id, title: 'A person answered' },
    ]);
    const [sosAlone, sosChloe, sosAnswered, chloeOnly, answered] = rows.map((row) => row.id) as string[];
    Object.assign(q, { sosAlone, sosChloe, sosAnswered, chloeOnly, answered });
    const chloe = (questionId: string) =>
      insertReply(t.db, { questionId, authorId: null, content: 'Chloe says hello', isAiReply: true });
    await chloe(q.sosChloe);
    await chloe(q.sosAnswered);
    await chloe(q.chloeOnly);
    await insertReply(t.db, { questionId: q.sosAnswered, authorId: mentor.id, content: 'Call 000 now.' });
    humanReplyId = (
      await insertReply(t.db, { questionId: q.answered, authorId: alice.id, content: 'Try this.' })
    ).id;

    await t.db.insert(chloeReplyJobs).values([
      { questionId: q.sosAlone, status: 'failed', attempts: 5 },
      { questionId: q.sosChloe, status: 'done' },
      { questionId: q.chloeOnly, status: 'failed', attempts: 5 },
      { questionId: q.answered, status: 'pending' },
    ]);
    for (const status of ['failed', 'sent', 'pending'] as const) await insertEmail(t.db, { status });

    // Open reports on four items: a question (two reporters), a reply, a chat message, a whole chat (both people).
    await api().report(alice, 'question', q.sosAlone, 'spam');
    await api().report(bob, 'question', q.sosAlone, 'abuse');
    await api().report(bob, 'reply', humanReplyId, 'misleading');
    const student = await createUser(t.db, { displayName: 'Chat Student' });
    const chat = await api().chat(student, mentor.id);
    const message = await api().say(mentor, chat.id, 'Send me your passport number');
    await api().reportChat(student, chat.id, { reason: 'personal-information', messageId: message.id });
    await api().reportChat(student, chat.id, { reason: 'abuse' });
    await api().reportChat(mentor, chat.id, { reason: 'abuse' });
    // One dealt with already: not pending.
    await api().report(alice, 'question', q.chloeOnly, 'spam');
    await t.db.update(reports).set({ status: 'dismissed' }).where(eq(reports.targetId, q.chloeOnly));

    // Everyone made above signed in just now; the visits that matter are set last. Active: Alice (a day ago), Bob (a
    // few hours inside 30 days). Not: the mentor (31 days), Lan (a few hours past 30 days), everyone else (never).
    await t.db.update(users).set({ lastSeenAt: null });
    await seen(alice.id, DAY_MS);
    await seen(bob.id, 30 * DAY_MS - EDGE_MS);
    await seen(mentor.id, 31 * DAY_MS);
    await seen(lan.id, 30 * DAY_MS + EDGE_MS);
  });

  it('counts each figure from the data', async () => {
    expect(await figures()).toEqual({
      totalQuestions: 5,
      activeUsers: 2,
      totalMentors: 3,
      pendingReports: 4,
      unansweredQuestions: 3,
      urgentWithoutHumanReply: 2,
      mentorsToVerify: 2,
      failedAiJobs: 2,
      failedEmails: 1,
      directoryNeedsReview: 0,
      outdatedReports: 0,
    });
  });

  it('follows every change at once', async () => {
    // A person answers the lonely SOS question.
    await insertReply(t.db, { questionId: q.sosAlone, authorId: bob.id, content: 'I can help.' });
    // An admin deals with the reported question (two reports, one item) and verifies a mentor.
    const sos = (await api().reports(admin)).reports.find((r) => r.content.title === 'SOS nobody answered')!;
    expect((await api().decide(admin, sos.id, { action: 'dismiss' })).statusCode).toBe(200);
    expect((await api().send('POST', `/api/admin/users/${waiting[0]}/verify`, admin)).statusCode).toBe(200);
    // A failed job is retried; the mentor comes back.
    expect((await api().send('POST', `/api/admin/ai-jobs/${q.chloeOnly}/retry`, admin)).statusCode).toBe(204);
    await t.db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, mentor.id));

    expect(await figures()).toEqual({
      totalQuestions: 5,
      activeUsers: 3,
      totalMentors: 3,
      pendingReports: 3,
      unansweredQuestions: 2,
      urgentWithoutHumanReply: 1,
      mentorsToVerify: 1,
      failedAiJobs: 1,
      failedEmails: 1,
      directoryNeedsReview: 0,
      outdatedReports: 0,
    });

    // Deleting the reported reply's question takes its reports; a mentor made a student leaves the mentors.
    expect((await api().send('DELETE', `/api/admin/questions/${q.answered}`, admin)).statusCode).toBe(200);
    const demoted = await api().send('PATCH', `/api/admin/users/${waiting[1]}/role`, admin, {
      role: 'student',
    });
    expect(demoted.statusCode).toBe(200);
    expect(await figures()).toMatchObject({
      totalQuestions: 4,
      totalMentors: 2,
      pendingReports: 2,
      unansweredQuestions: 2,
      mentorsToVerify: 0,
    });
  });

  // Sign-up and sign-in make a session with last_used_at = now, and plugins/auth.ts writes users.last_seen_at only
  // when a session was last used more than an hour ago: nothing else sets it. Someone who signs in and uses the app
  // for under an hour is never "seen", so is not counted here and shows "Never" in the user list.
  it('counts a member who signed in today and used the app as active', async () => {
    const before = (await figures()).activeUsers;
    const person = await signUp(t.app, { displayName: 'Fresh Member' });
    const back = await signIn(t.app, person.email, person.password);
    expect((await t.app.inject({ url: '/api/questions', headers: { cookie: back.cookie } })).statusCode).toBe(
      200,
    );
    expect((await figures()).activeUsers).toBe(before + 1);
    const [listed] = (await api().users(admin, { q: person.email })).users;
    expect(listed!.lastSeenAt).not.toBeNull();
  });
});
