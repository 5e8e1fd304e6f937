import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { pagesVi } from '../../../shared/i18n/pages.vi';
import type { AdminUser } from '../../../shared/schemas/admin';
import type { User } from '../../../shared/schemas/auth';
import type { Mentor } from '../../../shared/schemas/mentors';
import { auditLog, users } from '../../db/schema';
import { bearer, signIn, signUp, type SignedUp } from '../../test/helpers';
import { api as questionsApi, createUser } from '../questions/questions.test-helpers';
import { UNKNOWN_ID, useAdminApp } from '../admin/admin.test-helpers';

const { t, api, admin, alice, bob, mentor } = useAdminApp();

const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
const verify = (userId: string, body?: object, headers: Record<string, string> = {}) =>
  api().send('POST', `/api/admin/users/${userId}/verify`, admin, body, headers);
const decline = (userId: string, body?: object, headers: Record<string, string> = {}) =>
  api().send('POST', `/api/admin/users/${userId}/decline`, admin, body, headers);
const me = async (token: string) => t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
/** A person who signed up as a mentor (unverified, address confirmed), with a password to sign in again. */
const applicant = async (displayName = 'Self Declared Mentor') => {
  const person = await signUp(t.app, { role: 'mentor', displayName });
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.user.id));
  return person;
};
const offeredMentors = async () =>
  (await t.app.inject({ url: '/api/mentors', headers: alice.headers })).json<{ mentors: Mentor[] }>().mentors;

describe('verifying a mentor', () => {
  it('lets students choose them and gives their replies the Mentor badge, once only', async () => {
    const person = await applicant('Thanh Verified');
    const a = questionsApi(t.app);
    const question = await a.ask(alice.headers, { title: 'How do I write an Australian resume?' });
    await a.reply(bearer(person.token), question.id, 'Keep it to two pages.');
    const badge = async () => (await a.detail(question.id)).replies.find((r) => !r.isAiReply)!.author!.role;

    // Unverified: no Mentor badge, not offered for chat. The detail is now cached.
    expect(await badge()).toBe('student');
    expect((await offeredMentors()).map((m) => m.id)).not.toContain(person.user.id);
    const waiting = await api().users(admin, { filter: 'mentors-to-verify' });
    expect(waiting.users.map((u) => u.id)).toContain(person.user.id);

    const response = await verify(person.user.id, { reason: 'Checked LinkedIn' });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminUser>()).toMatchObject({
      id: person.user.id,
      role: 'mentor',
      mentorVerified: true,
    });
    expect(await badge()).toBe('mentor');
    expect((await offeredMentors()).map((m) => m.id)).toContain(person.user.id);
    // Their session goes on, now verified.
    expect((await me(person.token)).json<{ user: User }>().user).toMatchObject({
      role: 'mentor',
      mentorVerified: true,
    });
    const after = await api().users(admin, { filter: 'mentors-to-verify' });
    expect(after.users.map((u) => u.id)).not.toContain(person.user.id);

    const { entries } = await api().audit(admin);
    expect(entries[0]).toMatchObject({
      action: 'mentor.verify',
      targetType: 'user',
      targetId: person.user.id,
      targetLabel: person.email,
      reason: 'Checked LinkedIn',
    });

    // Again: the same answer, no second entry.
    const before = await auditCount();
    const again = await verify(person.user.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<AdminUser>().mentorVerified).toBe(true);
    expect(await auditCount()).toBe(before);
  });

  it('verifies only mentors: 409 for a student or an admin', async () => {
    const other = await createUser(t.db, { role: 'admin' });
    for (const id of [bob.id, other.id]) {
      const response = await verify(id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: pagesEn.admin.notMentor, code: 'NOT_A_MENTOR' });
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, bob.id));
    expect(row).toMatchObject({ role: 'student', mentorVerifiedAt: null });
  });

  it('answers 404 to an unknown member and 400 to a bad id or an over-long reason', async () => {
    expect((await verify(UNKNOWN_ID)).statusCode).toBe(404);
    expect((await verify('x')).json()).toEqual({ error: pagesEn.validation.idInvalid, code: 'VALIDATION' });
    const person = await applicant();
    const long = await verify(person.user.id, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: pagesEn.admin.reasonMax, code: 'VALIDATION' });
  });
});

describe('declining a mentor', () => {
  const REASON = 'We could not confirm your work history. Please apply again with a LinkedIn profile.';

  it('needs a reason: 400 without one', async () => {
    const person = await applicant();
    for (const body of [undefined, {}, { reason: '' }, { reason: '   ' }]) {
      const response = await decline(person.user.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION' });
    }
    const response = await decline(person.user.id, { reason: '' });
    expect(response.json()).toEqual({ error: pagesEn.admin.declineReasonRequired, code: 'VALIDATION' });
    const long = await decline(person.user.id, { reason: 'x'.repeat(501) });
    expect(long.json()).toEqual({ error: pagesEn.admin.reasonMax, code: 'VALIDATION' });
    const [row] = await t.db.select().from(users).where(eq(users.id, person.user.id));
    expect(row).toMatchObject({ role: 'mentor', mentorDeclinedReason: null });
  });

  it('makes them a student, ends their sessions, and tells them why at their next sign-in until they have read it', async () => {
    const person: SignedUp = await applicant('Declined Person');
    const response = await decline(person.user.id, { reason: REASON });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminUser>()).toMatchObject({
      id: person.user.id,
      role: 'student',
      mentorVerified: false,
    });
    expect((await me(person.token)).statusCode).toBe(401);
    const waiting = await api().users(admin, { filter: 'mentors-to-verify' });
    expect(waiting.users.map((u) => u.id)).not.toContain(person.user.id);

    const back = await signIn(t.app, person.email, person.password);
    expect(back.user).toMatchObject({ role: 'student', mentorVerified: false, mentorDeclinedReason: REASON });
    const first = await me(back.token);
    expect(first.json<{ user: User }>().user.mentorDeclinedReason).toBe(REASON);

    const read = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/me/notice',
      headers: { cookie: back.cookie },
    });
    expect(read.statusCode).toBe(204);
    expect((await me(back.token)).json<{ user: User }>().user.mentorDeclinedReason).toBeNull();
    // A visitor has no notice to clear.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/me/notice' })).statusCode).toBe(401);

    const { entries } = await api().audit(admin);
    expect(entries[0]).toMatchObject({
      action: 'mentor.decline',
      targetId: person.user.id,
      targetLabel: person.email,
      reason: REASON,
    });
  });

  it('refuses to decline a verified mentor (409) or someone who is not a mentor (409)', async () => {
    const before = await auditCount();
    const verified = await decline(mentor.id, { reason: REASON });
    expect(verified.statusCode).toBe(409);
    expect(verified.json()).toEqual({ error: pagesEn.admin.alreadyVerified, code: 'ALREADY_VERIFIED' });
    const student = await decline(bob.id, { reason: REASON });
    expect(student.statusCode).toBe(409);
    expect(student.json()).toEqual({ error: pagesEn.admin.notMentor, code: 'NOT_A_MENTOR' });
    expect((await t.app.inject({ url: '/api/auth/me', headers: mentor.headers })).json().user.role).toBe(
      'mentor',
    );
    expect(await auditCount()).toBe(before);
    expect((await decline(UNKNOWN_ID, { reason: REASON })).statusCode).toBe(404);
  });

  it('clears an old notice when the person is made a mentor later', async () => {
    const person = await applicant();
    await decline(person.user.id, { reason: REASON });
    const promoted = await api().send('PATCH', `/api/admin/users/${person.user.id}/role`, admin, {
      role: 'mentor',
    });
    expect(promoted.json<AdminUser>()).toMatchObject({ role: 'mentor', mentorVerified: true });
    const back = await signIn(t.app, person.email, person.password);
    expect(back.user.mentorDeclinedReason).toBeNull();
  });

  it('answers in Vietnamese to Accept-Language: vi', async () => {
    const vi = { 'accept-language': 'vi' };
    const person = await applicant();
    const cases: [Awaited<ReturnType<typeof decline>>, number, string][] = [
      [await decline(person.user.id, { reason: '' }, vi), 400, pagesVi.admin.declineReasonRequired],
      [await decline(mentor.id, { reason: REASON }, vi), 409, pagesVi.admin.alreadyVerified],
      [await decline(bob.id, { reason: REASON }, vi), 409, pagesVi.admin.notMentor],
      [await verify(bob.id, undefined, vi), 409, pagesVi.admin.notMentor],
      [await verify(person.user.id, { reason: 'x'.repeat(501) }, vi), 400, pagesVi.admin.reasonMax],
    ];
    for (const [response, status, message] of cases) {
      expect(response.statusCode).toBe(status);
      expect(response.json().error).toBe(message);
    }
  });
});
