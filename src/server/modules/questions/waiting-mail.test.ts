import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitingEn } from '../../../shared/i18n/waiting.en';
import { mailOutbox, notificationPreferences, users } from '../../db/schema';
import { testConfig, useTestApp } from '../../test/helpers';
import { testClock } from '../../test/mail';
import { createOutbox } from '../mail';
import { seedCategories } from './categories';
import {
  api,
  createUser,
  DAY_MS,
  HOUR_MS,
  insertQuestions,
  insertReply,
  RELAXED_LIMITS,
  type FastUser,
} from './questions.test-helpers';
import { sendWaitingEmails } from './waiting-mail';

const clock = testClock();
const outbox = createOutbox(true);
const t = useTestApp(RELAXED_LIMITS, false, { outbox, clock: clock.now });
const linkBase = () => testConfig(t.database.url, RELAXED_LIMITS).linkBase;
const run = () => sendWaitingEmails(t.db, outbox, linkBase(), clock.now());
let student: FastUser;
let optedIn: FastUser;
let vietnamese: FastUser;
let notOptedIn: FastUser;
let nothingWaits: FastUser;

const emailsTo = async (userId: string) => {
  const [user] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, user!.email))
    .orderBy(desc(mailOutbox.id));
};

const optIn = async (who: FastUser) => {
  const response = await api(t.app).send({
    method: 'PUT',
    url: '/api/notifications/preferences',
    headers: who.headers,
    payload: { waitingEmail: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ waitingEmail: true });
};

beforeAll(async () => {
  await seedCategories(t.db);
  const month = { role: 'mentor' as const, ageMs: 30 * DAY_MS };
  student = await createUser(t.db, { displayName: 'Lan Student', ageMs: 30 * DAY_MS });
  optedIn = await createUser(t.db, { displayName: 'Minh Mentor', ...month });
  vietnamese = await createUser(t.db, { displayName: 'Hoa Mentor', ...month });
  notOptedIn = await createUser(t.db, { displayName: 'Quiet Mentor', ...month });
  nothingWaits = await createUser(t.db, { displayName: 'Founders Mentor', ...month });
  for (const who of [optedIn, vietnamese, notOptedIn])
    await t.db
      .update(users)
      .set({ topics: ['work-career'], languages: ['en'] })
      .where(eq(users.id, who.id));
  await t.db.update(users).set({ locale: 'vi' }).where(eq(users.id, vietnamese.id));
  await t.db
    .update(users)
    .set({ topics: ['founders'], languages: ['en'] })
    .where(eq(users.id, nothingWaits.id));
  const rows = await insertQuestions(t.db, [
    {
      authorId: student.id,
      title: 'Can I work 48 hours?',
      category: 'work-career',
      createdAt: new Date(Date.now() - 3 * HOUR_MS),
    },
    { authorId: student.id, title: 'Where do I find a rental?', category: 'housing' },
    { authorId: student.id, title: 'Answered already', category: 'work-career' },
  ]);
  await insertReply(t.db, { questionId: rows[2]!.id, authorId: notOptedIn.id, content: 'Like this.' });
});

describe('the daily waiting email', () => {
  it('is off by default', async () => {
    const response = await api(t.app).get('/api/notifications/preferences', optedIn.headers);
    expect(response.json()).toMatchObject({ waitingEmail: false });
    expect(await run()).toBe(0);
  });

  it('goes to opted-in mentors with a question waiting in their topics, in their language', async () => {
    for (const who of [optedIn, vietnamese, nothingWaits]) await optIn(who);
    expect(await run()).toBe(2);
    const [mail] = await emailsTo(optedIn.id);
    expect(mail).toMatchObject({
      kind: 'digest',
      locale: 'en',
      subject: '1 question is waiting for a mentor',
    });
    expect(mail!.text).toContain('Can I work 48 hours? (waiting 3 hours)');
    expect(mail!.text).toMatch(/\/questions\/[0-9a-f-]{36}\?lang=en/);
    expect(mail!.text).toContain(waitingEn.email.why);
    expect(mail!.text).not.toContain('rental');
    expect(mail!.text).not.toContain('Answered already');
    const [vi] = await emailsTo(vietnamese.id);
    expect(vi).toMatchObject({ locale: 'vi', subject: '1 câu hỏi đang chờ người hướng dẫn' });
    expect(await emailsTo(notOptedIn.id)).toEqual([]);
    expect(await emailsTo(nothingWaits.id)).toEqual([]);
  });

  it('goes at most once a day', async () => {
    clock.advance(23 * HOUR_MS);
    try {
      expect(await run()).toBe(0);
      clock.advance(HOUR_MS);
      expect(await run()).toBe(2);
      expect(await emailsTo(optedIn.id)).toHaveLength(2);
      const [mail] = await emailsTo(optedIn.id);
      expect(mail!.text).toContain('(waiting 1 day)');
      const [prefs] = await t.db
        .select({ sentAt: notificationPreferences.waitingSentAt })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, optedIn.id));
      // The second run's time: a day after the first.
      expect(prefs!.sentAt!.getTime()).toBeGreaterThan(Date.now() + 23 * HOUR_MS);
      expect(await run()).toBe(0);
    } finally {
      clock.reset();
    }
  });
});
