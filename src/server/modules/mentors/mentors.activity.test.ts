import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MentorDetail, MentorsResponse } from '../../../shared/schemas/mentors';
import { blocks, conversations, users } from '../../db/schema';
import { signUp, useTestApp, type SignedUp } from '../../test/helpers';
import { mentor as signUpMentor } from '../chat/chat.test-helpers';

const t = useTestApp();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function mentorWith(tag: string, profile: Partial<typeof users.$inferInsert> = {}): Promise<SignedUp> {
  const person = await signUpMentor(t.app, t.db);
  await t.db
    .update(users)
    .set({ ...profile, displayName: `${tag} ${profile.displayName ?? 'Mentor'}` })
    .where(eq(users.id, person.user.id));
  return person;
}

const list = async (query: Record<string, string>, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ url: `/api/mentors?${new URLSearchParams(query)}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MentorsResponse>();
};

const detail = async (id: string) => (await t.app.inject({ url: `/api/mentors/${id}` })).json<MentorDetail>();

/** A conversation `ageDays` old that the mentor first answered after `replyMinutes` (null: never, closed for it). */
async function seedConversation(
  mentorId: string,
  studentId: string,
  ageDays: number,
  replyMinutes: number | null,
) {
  const createdAt = new Date(Date.now() - ageDays * DAY);
  await t.db.insert(conversations).values({
    title: 'Seeded',
    studentId,
    mentorId,
    status: replyMinutes === null ? 'closed' : 'active',
    closedReason: replyMinutes === null ? 'no-reply' : null,
    createdAt,
    firstReplyAt: replyMinutes === null ? null : new Date(createdAt.getTime() + replyMinutes * MINUTE),
  });
}

describe('a mentor’s reply time', () => {
  it('is the median minutes to a first reply over 90 days, shown from five replied conversations', async () => {
    const tag = `Rt${randomUUID().slice(0, 6)}`;
    const person = await mentorWith(tag, { capacity: 10 });
    const student = await signUp(t.app);
    const seed = (age: number, minutes: number | null) =>
      seedConversation(person.user.id, student.user.id, age, minutes);
    const replyTime = async () => (await list({ q: tag })).mentors[0]!.replyTime;

    for (const minutes of [10, 30, 90, 240]) await seed(10, minutes);
    // Older than 90 days: does not count.
    await seed(100, 5);
    expect(await replyTime()).toBeNull();

    await seed(20, 600);
    expect(await replyTime()).toBe(90);
    expect((await detail(person.user.id)).replyTime).toBe(90);

    // Unanswered ones count as the slowest replies: the figure moves up, and disappears once most went unanswered.
    for (let i = 0; i < 4; i++) await seed(30, null);
    expect(await replyTime()).toBe(600);
    for (let i = 0; i < 2; i++) await seed(30, null);
    expect(await replyTime()).toBeNull();
  });
});

describe('when a mentor was last active', () => {
  it('says today, this week or this month in Australian days, and nothing older or hidden', async () => {
    const tag = `La${randomUUID().slice(0, 6)}`;
    const person = await mentorWith(tag);
    const seen = async (lastSeenAt: Date | null, showsLastActive = true) => {
      await t.db.update(users).set({ lastSeenAt, showsLastActive }).where(eq(users.id, person.user.id));
      const fromList = (await list({ q: tag })).mentors[0]!.lastActive;
      expect((await detail(person.user.id)).lastActive).toBe(fromList);
      return fromList;
    };
    expect(await seen(new Date())).toBe('today');
    expect(await seen(new Date(Date.now() - 3 * DAY))).toBe('week');
    expect(await seen(new Date(Date.now() - 20 * DAY))).toBe('month');
    expect(await seen(new Date(Date.now() - 40 * DAY))).toBeNull();
    expect(await seen(null)).toBeNull();
    expect(await seen(new Date(), false)).toBeNull();
  });

  it('is the mentor’s choice on their profile form', async () => {
    const person = await signUpMentor(t.app, t.db);
    const own = () => t.app.inject({ url: '/api/me/mentor-profile', headers: { cookie: person.cookie } });
    expect((await own()).json()).toMatchObject({ showsLastActive: true });
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/mentor-profile',
      headers: { cookie: person.cookie },
      payload: { showsLastActive: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ showsLastActive: false });
    expect((await detail(person.user.id)).lastActive).toBeNull();
  });
});

describe('GET /api/mentors?similarTo=', () => {
  it('offers mentors taking new conversations who share a topic and the reader’s language', async () => {
    const tag = `Si${randomUUID().slice(0, 6)}`;
    const original = await mentorWith(tag, { topics: ['housing', 'legal'], languages: ['vi'] });
    const fits = await mentorWith(tag, { displayName: 'Fits', topics: ['legal'], languages: ['vi', 'en'] });
    await mentorWith(tag, { displayName: 'English', topics: ['housing'], languages: ['en'] });
    await mentorWith(tag, { displayName: 'Other topic', topics: ['health'], languages: ['vi'] });
    const away = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    await mentorWith(tag, { displayName: 'Away', topics: ['housing'], languages: ['vi'], awayUntil: away });
    const blocked = await mentorWith(tag, { displayName: 'Blocked', topics: ['housing'], languages: ['vi'] });
    const student = await signUp(t.app, { locale: 'vi' });
    await t.db.insert(blocks).values({ blockerId: student.user.id, blockedId: blocked.user.id });

    const offered = await list({ similarTo: original.user.id, q: tag }, { cookie: student.cookie });
    expect(offered.mentors.map((m) => m.id)).toEqual([fits.user.id]);
    const refused = await t.app.inject({ url: '/api/mentors?similarTo=nope' });
    expect(refused.statusCode).toBe(400);
  });
});
