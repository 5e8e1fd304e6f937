import { eq } from 'drizzle-orm';
import type { Founder } from '../../../shared/schemas/content';
import { describe, expect, it } from 'vitest';
import { DEMO_PROFILES, seedDemoAccounts } from '../../db/seed/demo';
import { questions, replies, users } from '../../db/schema';
import { buildTestApp, signUp, useTestApp } from '../../test/helpers';
import { countCommunity } from './service';

const t = useTestApp();

type Stats = { members: number; mentors: number; foundingMembers: number; questionsAnswered: number };

/**
 * The counts as they are now: the route answers them as they were up to a minute ago
 * (questions/counts-cache.test.ts tests that), and these tests count straight after each write.
 */
async function stats(): Promise<Stats> {
  return countCommunity(t.db);
}

async function founders(headers: Record<string, string> = {}): Promise<Founder[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/founders', headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ founders: Founder[] }>().founders;
}

async function userId(email: string): Promise<string> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A question with `replyCount` replies from a demo student who is no founding member (so they count for nobody). */
async function addQuestion(authorId: string, replyCount: number): Promise<string> {
  const [row] = await t.db
    .insert(questions)
    .values({ authorId, title: 'How do I find a rental?', content: 'Some details.', replyCount })
    .returning({ id: questions.id });
  const replier = await userId('student3@demo.mentorme.example');
  for (let i = 0; i < replyCount; i += 1) await addReply(row!.id, replier);
  return row!.id;
}

async function addReply(questionId: string, authorId: string | null): Promise<void> {
  await t.db
    .insert(replies)
    .values({ questionId, authorId, content: 'A helpful answer.', isAiReply: !authorId });
}

describe('/api/config', () => {
  it('reflects the configuration, with unset contact fields as null', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      demoMode: true,
      demoSignIn: true,
      contactEmail: null,
      contactPhone: null,
      careerPlatformUrl: null,
      chloeCallUrl: null,
      publicUrl: null,
      emailEnabled: true,
      machineTranslation: false,
    });
  });

  it('reflects contact settings and demo mode off', async () => {
    const app = await buildTestApp(t.database, {
      DEMO_MODE: 'false',
      CONTACT_EMAIL: 'hello@mentorme.example',
      CONTACT_PHONE: ' +61 400 000 000 ',
      CAREER_PLATFORM_URL: 'https://careers.example/path',
      CHLOE_CALL_URL: 'https://call.example',
      PUBLIC_URL: 'https://mentorme.example',
      MAIL_DISABLED: 'true',
    });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/config',
        headers: { host: 'mentorme.example' },
      });
      expect(response.json()).toEqual({
        demoMode: false,
        demoSignIn: false,
        contactEmail: 'hello@mentorme.example',
        contactPhone: '+61 400 000 000',
        careerPlatformUrl: 'https://careers.example/path',
        chloeCallUrl: 'https://call.example',
        publicUrl: 'https://mentorme.example',
        // No email is sent: sign-up asks nobody to confirm an address.
        emailEnabled: false,
        machineTranslation: false,
      });
    } finally {
      await app.close();
    }
  });
});

// These run in order against the file's own database, which starts empty.
describe('community stats and founders', () => {
  it('counts nothing in an empty community', async () => {
    expect(await stats()).toEqual({ members: 0, mentors: 0, foundingMembers: 0, questionsAnswered: 0 });
    expect(await founders()).toEqual([]);
  });

  it('counts the demo accounts once seeded', async () => {
    await seedDemoAccounts(t.db);
    await seedDemoAccounts(t.db); // seeding twice adds nothing
    expect(DEMO_PROFILES).toHaveLength(9);
    expect(await stats()).toEqual({ members: 9, mentors: 5, foundingMembers: 3, questionsAnswered: 0 });
  });

  it('counts members, verified mentors and founding members as people join', async () => {
    const student = await signUp(t.app, { displayName: 'New Student' });
    const mentor = await signUp(t.app, { displayName: 'New Mentor', role: 'mentor' });
    // A mentor waiting for an admin is not counted yet.
    expect(await stats()).toEqual({ members: 11, mentors: 5, foundingMembers: 3, questionsAnswered: 0 });
    await t.db.update(users).set({ mentorVerifiedAt: new Date() }).where(eq(users.id, mentor.user.id));
    expect(await stats()).toEqual({ members: 11, mentors: 6, foundingMembers: 3, questionsAnswered: 0 });

    await t.db.update(users).set({ isFoundingMember: true }).where(eq(users.id, mentor.user.id));
    expect(await stats()).toMatchObject({ members: 11, mentors: 6, foundingMembers: 4 });
    expect((await founders()).map((f) => f.id)).not.toContain(student.user.id);
  });

  it('counts only questions that have replies as answered', async () => {
    const student = await userId('student@demo.mentorme.example');
    await addQuestion(student, 2);
    await addQuestion(student, 1);
    await addQuestion(student, 0);
    expect((await stats()).questionsAnswered).toBe(2);
  });

  it('lists only founding members, oldest first, with questions plus replies as contributions', async () => {
    const demoMentor = await userId('mentor@demo.mentorme.example');
    const demoAdmin = await userId('admin@demo.mentorme.example');
    const careerMentor = await userId('career-mentor@demo.mentorme.example');
    const demoStudent = await userId('student@demo.mentorme.example');

    const mentorsQuestion = await addQuestion(demoMentor, 3);
    const studentsQuestion = await addQuestion(demoStudent, 0);
    await addReply(studentsQuestion, demoMentor);
    await addReply(studentsQuestion, demoMentor);
    await addReply(mentorsQuestion, demoAdmin);
    await addReply(mentorsQuestion, null); // Chloe's reply counts for nobody
    await addReply(mentorsQuestion, demoStudent); // not a founding member

    const list = await founders();
    const byId = new Map(list.map((f) => [f.id, f]));
    expect(list).toHaveLength(4);
    expect(byId.get(demoMentor)?.contributions).toBe(3);
    expect(byId.get(demoAdmin)?.contributions).toBe(1);
    expect(byId.get(careerMentor)?.contributions).toBe(0);
    expect(byId.has(demoStudent)).toBe(false);

    const newMentor = list.find((f) => f.displayName === 'New Mentor');
    expect(newMentor).toMatchObject({ role: 'mentor', isDemo: false, contributions: 0, expertise: [] });
    expect(byId.get(demoMentor)).toMatchObject({
      displayName: 'Demo Mentor',
      role: 'mentor',
      isDemo: true,
      expertise: ['student life', 'part-time work', 'housing'],
    });

    const joined = list.map((f) => Date.parse(f.joinedAt));
    expect(joined.every((time) => !Number.isNaN(time))).toBe(true);
    expect([...joined].sort((a, b) => a - b)).toEqual(joined);
    expect(list.at(-1)?.id).toBe(newMentor?.id);

    // Readers of Vietnamese get the translated profiles; an untranslated one reads as its member wrote it.
    const vietnamese = new Map((await founders({ 'accept-language': 'vi' })).map((f) => [f.id, f]));
    expect(vietnamese.get(demoMentor)).toMatchObject({
      displayName: 'Demo Mentor',
      headline: 'Người hướng dẫn đồng hành về học tập và việc làm (hồ sơ mẫu)',
      countryPath: 'Việt Nam → Melbourne',
      expertise: ['đời sống sinh viên', 'việc làm bán thời gian', 'nhà ở'],
      contributions: 3,
    });
    expect(vietnamese.get(demoMentor)?.story).toMatch(/^Một hồ sơ người hướng dẫn mẫu/);
    for (const founder of list.filter((f) => f.isDemo)) {
      const translated = vietnamese.get(founder.id)!;
      for (const field of ['headline', 'story', 'countryPath'] as const) {
        expect(translated[field]).toBeTruthy();
        expect(translated[field]).not.toBe(founder[field]);
      }
    }
    expect(vietnamese.get(newMentor!.id)).toEqual(newMentor);

    // Nothing private leaves the server.
    const raw = JSON.stringify(list);
    expect(raw).not.toContain('@demo.mentorme.example');
    expect(raw).not.toContain('argon2');
  });

  it('counts a question as answered once someone other than its asker replies', async () => {
    // The two of the earlier test, the mentor's question and now the student's, which the mentor answered.
    expect(await stats()).toEqual({ members: 11, mentors: 6, foundingMembers: 4, questionsAnswered: 4 });
    const student = await userId('student@demo.mentorme.example');
    await addReply(await addQuestion(student, 0), student);
    expect((await stats()).questionsAnswered).toBe(4);
  });
});
