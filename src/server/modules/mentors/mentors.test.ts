import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MentorDetail, MentorProfile, MentorsResponse } from '../../../shared/schemas/mentors';
import { australianToday } from '../../../shared/australian-date';
import { auditLog, users } from '../../db/schema';
import { signUp, useTestApp, type SignedUp } from '../../test/helpers';
import { mentor as signUpMentor, startConversation } from '../chat/chat.test-helpers';
import { insertQuestions, insertReply } from '../questions/questions.test-helpers';

const t = useTestApp();

/** A verified mentor with a profile; `tag` goes into their name so a search finds only this test's mentors. */
async function mentorWith(tag: string, profile: Partial<typeof users.$inferInsert> = {}): Promise<SignedUp> {
  const person = await signUpMentor(t.app, t.db);
  const displayName = `${tag} ${profile.displayName ?? 'Mentor'}`;
  await t.db
    .update(users)
    .set({ ...profile, displayName })
    .where(eq(users.id, person.user.id));
  return person;
}

const list = async (query: Record<string, string> = {}, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ url: `/api/mentors?${new URLSearchParams(query)}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MentorsResponse>();
};

const patch = (who: SignedUp, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/me/mentor-profile',
    headers: { cookie: who.cookie, ...headers },
    payload: payload as object,
  });

describe('GET /api/mentors', () => {
  it('is public, lists verified mentors only, and never an email', async () => {
    const tag = `Pub${randomUUID().slice(0, 6)}`;
    const verified = await mentorWith(tag);
    const waiting = await signUpMentor(t.app, t.db, false);
    await t.db
      .update(users)
      .set({ displayName: `${tag} Waiting` })
      .where(eq(users.id, waiting.user.id));
    const student = await signUp(t.app, { displayName: `${tag} Student` });

    const answer = await list({ q: tag });
    expect(answer.mentors.map((m) => m.id)).toEqual([verified.user.id]);
    expect(answer.total).toBe(1);
    expect(answer.nextCursor).toBeNull();
    const all = await t.app.inject({ url: '/api/mentors' });
    for (const person of [verified, waiting, student]) expect(all.body).not.toContain(person.email);
    expect(all.body).not.toMatch(/@example\.com|password|email/i);
    expect(Object.keys(answer.mentors[0]!).sort()).toEqual(
      [
        'answerCount',
        'availability',
        'awayUntil',
        'city',
        'displayName',
        'expertise',
        'headline',
        'helpfulCount',
        'id',
        'isDemo',
        'languages',
        'lastActive',
        'replyTime',
        'state',
        'topics',
      ].sort(),
    );
  });

  it('filters by topic, language and state, searches, and pages with a total', async () => {
    const tag = `Flt${randomUUID().slice(0, 6)}`;
    const housingVi = await mentorWith(tag, {
      displayName: 'Lan',
      topics: ['housing'],
      languages: ['vi', 'en'],
      state: 'VIC',
      city: 'Footscray',
    });
    const housingEn = await mentorWith(tag, {
      displayName: 'Ben',
      topics: ['housing'],
      languages: ['en'],
      state: 'VIC',
    });
    const workVi = await mentorWith(tag, {
      displayName: 'Quang',
      topics: ['work-career'],
      languages: ['vi'],
      state: 'NSW',
    });
    const ids = (r: MentorsResponse) => r.mentors.map((m) => m.id).sort();

    expect(ids(await list({ q: tag, topic: 'housing' }))).toEqual(
      [housingVi.user.id, housingEn.user.id].sort(),
    );
    expect(ids(await list({ q: tag, language: 'vi' }))).toEqual([housingVi.user.id, workVi.user.id].sort());
    expect(ids(await list({ q: tag, state: 'NSW' }))).toEqual([workVi.user.id]);
    expect(ids(await list({ q: tag, topic: 'housing', language: 'vi', state: 'VIC' }))).toEqual([
      housingVi.user.id,
    ]);
    // The search reads names, headlines, stories and towns, with the pattern's own characters taken literally.
    expect(ids(await list({ q: 'Footscray' }))).toContain(housingVi.user.id);
    expect((await list({ q: `${tag}%` })).total).toBe(0);

    // Paging: twelve a page, a cursor for the rest, the total over all pages.
    const many = `Pg${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 14; i += 1) await mentorWith(many, { displayName: `M${String(i).padStart(2, '0')}` });
    const first = await list({ q: many });
    expect(first.mentors).toHaveLength(12);
    expect(first.total).toBe(14);
    const second = await list({ q: many, cursor: first.nextCursor! });
    expect(second.mentors).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.mentors, ...second.mentors].map((m) => m.id)).size).toBe(14);
  });

  it('refuses unknown filters with a message in the reader’s language', async () => {
    const bad = await t.app.inject({
      url: '/api/mentors?language=klingon',
      headers: { 'accept-language': 'vi' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('Vui lòng chọn ngôn ngữ trong danh sách.');
    expect((await t.app.inject({ url: '/api/mentors?state=XYZ' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/mentors?topic=cooking' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/mentors?cursor=abc' })).statusCode).toBe(400);
  });

  it('puts mentors taking new conversations first, and shows who is away or full', async () => {
    const tag = `Av${randomUUID().slice(0, 6)}`;
    const away = await mentorWith(tag, { displayName: 'Anh', awayUntil: '2999-01-01' });
    const full = await mentorWith(tag, { displayName: 'Binh', capacity: 1 });
    const open = await mentorWith(tag, { displayName: 'Cuong' });
    const student = await signUp(t.app);
    await startConversation(t.app, student, full.user.id, 'Taking the only place');
    // "Away until" a day already past is open again.
    const back = await mentorWith(tag, { displayName: 'Dung', awayUntil: '2020-01-01' });

    const mentors = (await list({ q: tag })).mentors;
    const byId = new Map(mentors.map((m) => [m.id, m]));
    expect(byId.get(away.user.id)).toMatchObject({ availability: 'away', awayUntil: '2999-01-01' });
    expect(byId.get(full.user.id)).toMatchObject({ availability: 'full' });
    expect(byId.get(open.user.id)).toMatchObject({ availability: 'open' });
    expect(byId.get(back.user.id)).toMatchObject({ availability: 'open', awayUntil: null });
    expect(
      mentors
        .slice(0, 2)
        .map((m) => m.id)
        .sort(),
    ).toEqual([open.user.id, back.user.id].sort());
  });

  it('never shows a student a mentor they blocked', async () => {
    const tag = `Bl${randomUUID().slice(0, 6)}`;
    const blocked = await mentorWith(tag);
    const student = await signUp(t.app);
    const conversation = await startConversation(t.app, student, blocked.user.id, 'Hello');
    await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/block`,
      headers: { cookie: student.cookie },
    });
    expect((await list({ q: tag }, { cookie: student.cookie })).total).toBe(0);
    expect((await list({ q: tag })).total).toBe(1);
  });
});

describe('GET /api/mentors/:id', () => {
  it('shows the profile and recent public answers, never naming the asker of an anonymous question', async () => {
    const tag = `Pg${randomUUID().slice(0, 6)}`;
    const person = await mentorWith(tag, {
      story: 'I came from Hanoi to study nursing in Melbourne.',
      countryPath: 'Vietnam → Australia',
      languages: ['vi', 'en'],
    });
    const asker = await signUp(t.app, { displayName: 'Secret Asker Name' });
    const [anonymous, open] = await insertQuestions(t.db, [
      { authorId: asker.user.id, title: 'A worry I keep private', isAnonymous: true },
      { authorId: asker.user.id, title: 'Where do I find a GP?' },
    ]);
    await insertReply(t.db, {
      questionId: anonymous!.id,
      authorId: person.user.id,
      content: 'You are not alone.',
    });
    const reply = await insertReply(t.db, {
      questionId: open!.id,
      authorId: person.user.id,
      content: 'Try healthdirect.',
    });
    await t.db.execute(sql`update replies set helpful_at = now() where id = ${reply.id}`);

    const response = await t.app.inject({ url: `/api/mentors/${person.user.id}` });
    expect(response.statusCode).toBe(200);
    const detail = response.json<MentorDetail>();
    expect(detail).toMatchObject({
      id: person.user.id,
      story: 'I came from Hanoi to study nursing in Melbourne.',
      countryPath: 'Vietnam → Australia',
      languages: ['vi', 'en'],
      answerCount: 2,
      helpfulCount: 1,
    });
    expect(detail.recentAnswers.map((a) => [a.questionTitle, a.helpful])).toEqual(
      expect.arrayContaining([
        ['A worry I keep private', false],
        ['Where do I find a GP?', true],
      ]),
    );
    expect(response.body).not.toContain('Secret Asker Name');
    expect(response.body).not.toContain(asker.user.id);
    expect(response.body).not.toContain(person.email);
  });

  it('reads in the reader’s language where the profile has been translated', async () => {
    const person = await mentorWith(`Tr${randomUUID().slice(0, 6)}`, {
      headline: 'Renting in Melbourne',
      story: 'My story.',
      profileTranslations: {
        vi: {
          headline: 'Thuê nhà ở Melbourne',
          story: 'Câu chuyện của tôi.',
          countryPath: null,
          expertise: [],
        },
      },
    });
    const vi = await t.app.inject({
      url: `/api/mentors/${person.user.id}`,
      headers: { 'accept-language': 'vi' },
    });
    expect(vi.json<MentorDetail>()).toMatchObject({
      headline: 'Thuê nhà ở Melbourne',
      story: 'Câu chuyện của tôi.',
    });
    const en = await t.app.inject({ url: `/api/mentors/${person.user.id}` });
    expect(en.json<MentorDetail>()).toMatchObject({ headline: 'Renting in Melbourne', story: 'My story.' });
  });

  it('is 404 for anyone who is not a verified mentor, and 400 for an address that is not an id', async () => {
    const waiting = await signUpMentor(t.app, t.db, false);
    const student = await signUp(t.app);
    for (const id of [waiting.user.id, student.user.id, randomUUID()])
      expect((await t.app.inject({ url: `/api/mentors/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/mentors/not-an-id' })).statusCode).toBe(400);
  });
});

describe('PATCH /api/me/mentor-profile', () => {
  it('lets a verified mentor edit every field; the change is live and in the audit log', async () => {
    const person = await signUpMentor(t.app, t.db);
    const changes = {
      headline: 'Renting and first jobs in Melbourne',
      story: 'Came as a student in 2019.',
      topics: ['housing', 'work-career'],
      languages: ['vi', 'en'],
      countryPath: 'Vietnam → Australia',
      state: 'VIC',
      city: 'Footscray',
      awayUntil: null,
      capacity: 3,
      showsLastActive: false,
    };
    const response = await patch(person, changes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MentorProfile>()).toEqual({ ...changes, complete: true });
    const own = await t.app.inject({ url: '/api/me/mentor-profile', headers: { cookie: person.cookie } });
    expect(own.json<MentorProfile>()).toMatchObject(changes);

    const card = (await list({ q: 'Footscray' })).mentors.find((m) => m.id === person.user.id);
    expect(card).toMatchObject({ headline: changes.headline, topics: changes.topics, state: 'VIC' });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, person.user.id));
    expect(entry).toMatchObject({ action: 'mentor.profile', adminId: person.user.id });
    expect(entry!.detail).toContain('headline');
    expect(entry!.detail).toContain('capacity');

    // Saving the same again changes nothing and logs nothing.
    await patch(person, { capacity: 3 });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, person.user.id))).toHaveLength(1);
  });

  it('keeps an applicant’s edits out of the audit log (nobody sees them yet)', async () => {
    const applicant = await signUpMentor(t.app, t.db, false);
    expect((await patch(applicant, { city: 'Perth', state: 'WA' })).statusCode).toBe(200);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, applicant.user.id))).toHaveLength(
      0,
    );
  });

  it('refuses each bad field with a clear message in the reader’s language, and changes nothing', async () => {
    const person = await signUpMentor(t.app, t.db);
    const cases: [unknown, string, string][] = [
      [{ headline: '   ' }, 'Please say what you can help with as a mentor.', 'vi'],
      [{ headline: 'x'.repeat(121) }, 'Please keep it under 120 characters.', 'vi'],
      [
        { topics: ['cooking'] },
        'Please choose topics from the list.',
        'Vui lòng chọn chủ đề trong danh sách.',
      ],
      [{ languages: [] }, 'Please choose at least one language you can help in.', 'vi'],
      [{ languages: ['vi', 'vi'] }, 'Please choose languages from the list.', 'vi'],
      [{ state: 'Victoria' }, 'Please choose one of the states or territories.', 'vi'],
      [{ city: 'x'.repeat(61) }, 'Please keep it under 60 characters.', 'vi'],
      [{ capacity: 0 }, 'Please choose a number from 1 to 10.', 'Vui lòng chọn một số từ 1 đến 10.'],
      [{ capacity: 11 }, 'Please choose a number from 1 to 10.', 'vi'],
      [{ capacity: 2.5 }, 'Please choose a number from 1 to 10.', 'vi'],
      [{ awayUntil: '2020-01-01' }, 'Please choose today or a later date.', 'vi'],
      [{ awayUntil: '2026-02-31x' }, 'Please enter a valid date.', 'vi'],
      [{ awayUntil: '2999-01-01' }, 'Please choose a date within a year from today.', 'vi'],
      [{}, 'There is nothing to update.', 'vi'],
    ];
    for (const [payload, english, vietnamese] of cases) {
      const en = await patch(person, payload);
      expect(en.statusCode, JSON.stringify(payload)).toBe(400);
      expect(en.json<{ error: string }>().error).toBe(english);
      const vi = await patch(person, payload, { 'accept-language': 'vi' });
      expect(vi.statusCode).toBe(400);
      if (vietnamese !== 'vi') expect(vi.json<{ error: string }>().error).toBe(vietnamese);
      else expect(vi.json<{ error: string }>().error).not.toBe(english);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, person.user.id));
    expect(row).toMatchObject({ capacity: 5, topics: [], languages: [], state: null, city: null });
    expect(australianToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('is for mentors only, and signed in', async () => {
    const student = await signUp(t.app);
    expect((await patch(student, { city: 'Sydney' })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/me/mentor-profile', headers: { cookie: student.cookie } })).statusCode,
    ).toBe(403);
    const visitor = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/mentor-profile',
      payload: { city: 'Sydney' },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('starting a conversation with a mentor who is away or full', () => {
  const start = (student: SignedUp, mentorId: string, title = 'Hello') =>
    t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { cookie: student.cookie, 'accept-language': 'en' },
      payload: { participantId: mentorId, title },
    });

  it('answers 409 MENTOR_AWAY while the mentor is away, and opens again after the day', async () => {
    const person = await mentorWith(`Aw${randomUUID().slice(0, 6)}`, { displayName: 'Hoa' });
    const student = await signUp(t.app);
    const until = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    expect((await patch(person, { awayUntil: until })).statusCode).toBe(200);
    const refused = await start(student, person.user.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MENTOR_AWAY' });
    expect(refused.json<{ error: string }>().error).toContain(until);
    expect(refused.json<{ error: string }>().error).toContain('Hoa');
    await patch(person, { awayUntil: null });
    expect((await start(student, person.user.id)).statusCode).toBe(201);
  });

  it('lets only one of two simultaneous starts take a mentor’s last place, and frees it when one closes', async () => {
    const person = await signUpMentor(t.app, t.db);
    await patch(person, { capacity: 1 });
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    const results = await Promise.all([
      start(a, person.user.id, 'First'),
      start(b, person.user.id, 'Second'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ code: 'MENTOR_FULL' });
    const [open] = await t.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from conversations where mentor_id = ${person.user.id} and status = 'active'`,
      )
      .then((r) => r.rows);
    expect(open!.n).toBe(1);

    const winner = results.find((r) => r.statusCode === 201)!.json<{ id: string }>();
    const owner = results[0]!.statusCode === 201 ? a : b;
    await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${winner.id}/close`,
      headers: { cookie: owner.cookie },
    });
    expect((await start(owner === a ? b : a, person.user.id)).statusCode).toBe(201);
  });
});
