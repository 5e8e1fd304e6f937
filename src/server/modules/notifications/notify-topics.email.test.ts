import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailEn } from '../../../shared/i18n/mail.en';
import { categories, categoryFollows, notifications, questions } from '../../db/schema';
import { useMailApp } from '../../test/mail';
import { seedCategories } from '../questions';
import { insertNotification, insertPerson, insertQuestion, setPreferences } from './delivery.test-helpers';
import { NotificationMailer } from './email';
import { notifyTopicFollowers } from './notify-topics';

const t = useMailApp();
const HOUR = 60 * 60_000;
let mailer: NotificationMailer;

beforeAll(async () => {
  mailer = new NotificationMailer(t.db, t.outbox, 'http://localhost:5000', { clock: t.clock.now });
  await seedCategories(t.db);
});

async function run(): Promise<void> {
  await mailer.drain();
  await t.deliver();
}

/** A question in the housing topic, its followers told as createQuestion tells them. */
async function housingQuestion(authorId: string, title: string) {
  const question = await insertQuestion(t.db, authorId, title);
  await t.db
    .update(questions)
    .set({ categoryId: await housingId() })
    .where(eq(questions.id, question.id));
  await t.db.transaction((tx) => notifyTopicFollowers(tx, question.id));
}

async function housingId(): Promise<number> {
  const [housing] = await t.db.select().from(categories).where(eq(categories.slug, 'housing'));
  return housing!.id;
}

describe('emails about a topic’s new questions', () => {
  it('come only in a daily digest, even for a person who has other emails as they come', async () => {
    const asker = await insertPerson(t.db);
    const person = await insertPerson(t.db);
    const quiet = await insertPerson(t.db);
    await setPreferences(t.db, person.id, { types: { topic_question: { email: true } } });
    const categoryId = await housingId();
    for (const who of [person, quiet])
      await t.db.insert(categoryFollows).values({ userId: who.id, categoryId, following: true });
    await housingQuestion(asker.id, 'Bond not returned');
    await housingQuestion(asker.id, 'Lease ending early');
    // Something else of theirs is emailed at once, alone.
    const own = await insertQuestion(t.db, person.id, 'My own question');
    await insertNotification(t.db, { userId: person.id, type: 'reply_to_my_question', questionId: own.id });

    await run();
    expect(t.smtp.to(person.email).map((mail) => mail.subject)).toEqual([
      mailEn.notification.replies_one.replace('{{title}}', 'My own question'),
    ]);
    t.clock.advance(23 * HOUR);
    await run();
    expect(t.smtp.to(person.email)).toHaveLength(1);

    t.clock.advance(HOUR + 60_000);
    await run();
    await run();
    const received = t.smtp.to(person.email);
    expect(received).toHaveLength(2);
    expect(received[1]!.subject).toBe(mailEn.digest.subject_other.replace('{{count}}', '2'));
    for (const title of ['Bond not returned', 'Lease ending early'])
      expect(received[1]!.text).toContain(mailEn.notification.topicQuestion.replace('{{title}}', title));

    // Off until chosen: the other follower has the bell's news and no email.
    expect(t.smtp.to(quiet.email)).toEqual([]);
    const quietRows = await t.db.select().from(notifications).where(eq(notifications.userId, quiet.id));
    expect(quietRows.map((row) => [row.type, row.emailDueAt])).toEqual([
      ['topic_question', null],
      ['topic_question', null],
    ]);
  });
});
