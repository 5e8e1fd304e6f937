import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailEn } from '../../../shared/i18n/mail.en';
import { mailVi } from '../../../shared/i18n/mail.vi';
import { mailOutbox, notifications, replies, users } from '../../db/schema';
import { linkIn, useMailApp, type ReceivedMail } from '../../test/mail';
import {
  insertConversation,
  insertNotification,
  insertPerson,
  insertQuestion,
  insertReply,
  notificationRows,
  setPreferences,
  storedPreferences,
} from './delivery.test-helpers';
import { NotificationMailer } from './email';
import { readUnsubscribeToken, unsubscribeSecret } from './unsubscribe';

const t = useMailApp();
const LINK_BASE = 'http://localhost:5000';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let mailer: NotificationMailer;

beforeAll(() => {
  mailer = new NotificationMailer(t.db, t.outbox, LINK_BASE, { clock: t.clock.now });
});
beforeEach(() => t.clock.reset());

/** Writes the due emails, then sends them. */
async function run(): Promise<void> {
  await mailer.drain();
  await t.deliver();
}

const later = (ms: number) => new Date(t.clock.now().getTime() + ms);

/** A header of a received email, its folded lines joined. */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
}

describe('an email about replies', () => {
  it('goes once, in the person’s language, names nobody, and offers a one-click unsubscribe', async () => {
    const asker = await insertPerson(t.db, { name: 'Hidden Asker' });
    const person = await insertPerson(t.db, { locale: 'vi', name: 'Lan' });
    const question = await insertQuestion(t.db, asker.id, 'Visa <b>485</b>', { anonymous: true });
    const row = await insertNotification(t.db, {
      userId: person.id,
      type: 'reply_to_my_question',
      questionId: question.id,
    });
    await run();
    await run();

    const received = t.smtp.to(person.email);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    // Vietnamese has one plural form: "Có 1 trả lời mới …".
    const subject = mailVi.notification.replies_other
      .replace('{{count}}', '1')
      .replace('{{title}}', 'Visa <b>485</b>');
    expect(mail.subject).toBe(subject);
    expect(mail.lang).toBe('vi');
    expect(mail.text).toContain('Xin chào Lan,');
    expect(mail.text).toContain(`${LINK_BASE}/questions/${question.id}`);
    // Every link opens its page in Vietnamese, whatever the browser that opens it is set to.
    const links = mail.text.match(/https?:\/\/\S+/g)!;
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) expect(new URL(link).searchParams.get('lang'), link).toBe('vi');
    expect(mail.html).not.toContain('<b>485</b>');
    expect(`${mail.text}${mail.html}`).not.toContain('Hidden Asker');

    const oneClick = header(mail, 'List-Unsubscribe');
    expect(oneClick).toMatch(/^<http:\/\/localhost:5000\/api\/notifications\/unsubscribe\?token=[\w-]+>$/);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const { token } = linkIn(mail, 'unsubscribe');
    expect(oneClick).toContain(token);
    expect(readUnsubscribeToken(await unsubscribeSecret(t.db), token)).toEqual({
      userId: person.id,
      scope: 'reply_to_my_question',
    });

    const [stored] = await notificationRows(t.db, [row.id]);
    expect(stored!.emailedAt).toBeInstanceOf(Date);
    expect(stored!.emailDueAt).not.toBeNull();
    const [outboxRow] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.email));
    expect(outboxRow).toMatchObject({ kind: 'notification', status: 'sent', headers: null, text: '' });
  });

  it('gathers replies: at most one email per question an hour, with those that came meanwhile', async () => {
    const person = await insertPerson(t.db);
    const question = await insertQuestion(t.db, person.id, 'Renting near campus');
    const other = await insertQuestion(t.db, person.id, 'Opening a bank account');
    const reply = (questionId: string) =>
      insertNotification(t.db, {
        userId: person.id,
        type: 'reply_to_my_question',
        questionId,
        emailDueAt: t.clock.now(),
      });
    const first = await reply(question.id);
    await run();
    expect(t.smtp.to(person.email)).toHaveLength(1);
    const sentAt = (await notificationRows(t.db, [first.id]))[0]!.emailedAt!.getTime();

    t.clock.advance(10 * MINUTE);
    const waiting = [await reply(question.id), await reply(question.id)];
    await reply(other.id);
    await run();
    // The other question had no email this hour: its reply goes at once; this one's wait for the hour.
    const subjects = () => t.smtp.to(person.email).map((mail) => mail.subject);
    expect(subjects()).toEqual([
      mailEn.notification.replies_one.replace('{{title}}', 'Renting near campus'),
      mailEn.notification.replies_one.replace('{{title}}', 'Opening a bank account'),
    ]);
    for (const row of await notificationRows(
      t.db,
      waiting.map((each) => each.id),
    )) {
      expect(row.emailedAt).toBeNull();
      expect(row.emailDueAt!.getTime()).toBe(sentAt + HOUR);
    }

    t.clock.advance(49 * MINUTE);
    await run();
    expect(t.smtp.to(person.email)).toHaveLength(2);
    t.clock.advance(MINUTE);
    await reply(question.id);
    await run();
    expect(subjects()[2]).toBe(
      mailEn.notification.replies_other.replace('{{count}}', '3').replace('{{title}}', 'Renting near campus'),
    );
    await run();
    expect(t.smtp.to(person.email)).toHaveLength(3);
  });

  it('opens the question at the first of the replies it tells of', async () => {
    const person = await insertPerson(t.db);
    const replier = await insertPerson(t.db, { name: 'Minh Replier' });
    const question = await insertQuestion(t.db, person.id, 'Working hours on a student visa');
    const replied = async (content: string) => {
      const reply = await insertReply(t.db, question.id, content, replier.id);
      await insertNotification(t.db, {
        userId: person.id,
        type: 'reply_to_my_question',
        questionId: question.id,
        replyId: reply.id,
        actorId: replier.id,
      });
      return reply;
    };
    const first = await replied('48 hours a fortnight during term.');
    await replied('And unlimited in the holidays.');
    await run();
    const [mail] = t.smtp.to(person.email);
    expect(t.smtp.to(person.email)).toHaveLength(1);
    // In the email's language (English here), at the reply.
    const link = `${LINK_BASE}/questions/${question.id}?lang=en#reply-${first.id}`;
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain(`href="${link}"`);
  });

  it('leaves out Chloe’s answer: a person’s reply minutes after it is emailed at once', async () => {
    const person = await insertPerson(t.db);
    const question = await insertQuestion(t.db, person.id, 'Landlord will change the locks');
    const [chloe] = await t.db
      .insert(replies)
      .values({ questionId: question.id, content: 'Call the tenants’ advice line.', isAiReply: true })
      .returning();
    await t.db.insert(notifications).values({
      userId: person.id,
      type: 'reply_to_my_question',
      eventKey: `reply:${chloe!.id}`,
      questionId: question.id,
      replyId: chloe!.id,
      emailDueAt: t.clock.now(),
    });
    await run();
    t.clock.advance(10 * MINUTE);
    await insertNotification(t.db, {
      userId: person.id,
      type: 'reply_to_my_question',
      questionId: question.id,
      emailDueAt: t.clock.now(),
    });
    await run();
    expect(t.smtp.to(person.email)).toHaveLength(2);
  });
});

describe('an email about a reply says who wrote it and quotes it', () => {
  /** One reply to `questionId` by `author` (Chloe's without), and its notification to `userId`. */
  async function replied(
    userId: string,
    question: { id: string; authorId: string | null; isAnonymous: boolean },
    content: string,
    author?: { id: string },
    type: 'reply_to_my_question' | 'reply_to_followed' = 'reply_to_my_question',
  ) {
    const reply = await insertReply(t.db, question.id, content, author?.id);
    const anonymousAsker = question.isAnonymous && author?.id === question.authorId;
    await insertNotification(t.db, {
      userId,
      type,
      questionId: question.id,
      replyId: reply.id,
      ...(author && !anonymousAsker ? { actorId: author.id } : {}),
    });
  }

  it('tells Chloe’s answer and a mentor’s apart, with the start of each as plain, escaped text', async () => {
    const person = await insertPerson(t.db);
    const mentor = await insertPerson(t.db, { name: 'Minh Anh' });
    await t.db
      .update(users)
      .set({ role: 'mentor', mentorVerifiedAt: new Date() })
      .where(eq(users.id, mentor.id));
    const rent = await insertQuestion(t.db, person.id, 'Rent went up');
    const bond = await insertQuestion(t.db, person.id, 'Getting my bond back');
    await replied(
      person.id,
      rent,
      '**Call** your state’s [tenants’ advice line](https://example.org) first.',
    );
    await replied(
      person.id,
      bond,
      `Ask for the <b>condition report</b> & photos. ${'Keep every receipt. '.repeat(12)}`,
      mentor,
    );
    await run();

    const [chloe, minh] = t.smtp.to(person.email);
    expect(t.smtp.to(person.email)).toHaveLength(2);
    expect(chloe!.subject).toBe('Chloe (AI assistant) replied to your question “Rent went up”');
    expect(chloe!.text).toContain('Chloe (AI assistant):\n“Call your state’s tenants’ advice line first.”');
    expect(minh!.subject).toBe('Minh Anh (mentor) replied to your question “Getting my bond back”');
    const quote = /“(Ask for the .*)”/.exec(minh!.text)![1]!;
    expect(quote.startsWith('Ask for the <b>condition report</b> & photos. Keep every receipt.')).toBe(true);
    expect(quote.length).toBeLessThanOrEqual(141);
    expect(quote.endsWith('…')).toBe(true);
    expect(minh!.html).toContain('Ask for the &#60;b&#62;condition report&#60;/b&#62; &#38; photos.');
    expect(minh!.html).not.toContain('<b>condition');
  });

  it('names a member, and an anonymous asker only as the person who asked, in the reader’s language', async () => {
    const follower = await insertPerson(t.db, { locale: 'vi' });
    await setPreferences(t.db, follower.id, { types: { reply_to_followed: { email: true, push: false } } });
    const asker = await insertPerson(t.db, { name: 'Hidden Asker' });
    const member = await insertPerson(t.db, { name: 'Hoa Nguyen' });
    const question = await insertQuestion(t.db, asker.id, 'Lost my passport', { anonymous: true });
    await replied(follower.id, question, 'Thank you, I found the form.', asker, 'reply_to_followed');
    await run();
    t.clock.advance(2 * HOUR);
    await replied(follower.id, question, 'The consulate can help too.', member, 'reply_to_followed');
    await run();

    const [byAsker, byMember] = t.smtp.to(follower.email);
    expect(byAsker!.subject).toBe(
      'Người đặt câu hỏi vừa trả lời “Lost my passport”, câu hỏi bạn đang theo dõi',
    );
    expect(byAsker!.text).toContain('Người đặt câu hỏi:\n“Thank you, I found the form.”');
    expect(`${byAsker!.text}${byAsker!.html}`).not.toContain('Hidden Asker');
    expect(byMember!.subject).toBe('Hoa Nguyen vừa trả lời “Lost my passport”, câu hỏi bạn đang theo dõi');
  });

  it('gathered, counts them and quotes the first few', async () => {
    const person = await insertPerson(t.db);
    const question = await insertQuestion(t.db, person.id, 'Cheap phone plans');
    await replied(person.id, question, 'Prepaid plans are cheapest.');
    for (const [i, name] of ['An', 'Binh', 'Chi', 'Dung'].entries())
      await replied(person.id, question, `Plan number ${i + 1}.`, await insertPerson(t.db, { name }));
    await run();

    const [mail] = t.smtp.to(person.email);
    expect(mail!.subject).toBe('5 new replies to your question “Cheap phone plans”');
    for (const quote of [
      'Chloe (AI assistant):\n“Prepaid plans are cheapest.”',
      'An:\n“Plan number 1.”',
      'Binh:\n“Plan number 2.”',
    ])
      expect(mail!.text).toContain(quote);
    expect(mail!.text).not.toContain('Chi:');
    expect(mail!.text).toContain('And 2 more replies on the page.');
  });
});

describe('an email about Chloe’s answer', () => {
  it('goes only when it is still unread 10 minutes later: one read on the question’s page meanwhile needs none', async () => {
    const reader = await insertPerson(t.db);
    const away = await insertPerson(t.db);
    const question = await insertQuestion(t.db, reader.id, 'Tenancy bond');
    const chloe = await insertReply(t.db, question.id, 'Your bond is held by the state’s bond authority.');
    const due = later(10 * MINUTE);
    const [read, unread] = await Promise.all(
      [reader, away].map((person) =>
        insertNotification(t.db, {
          userId: person.id,
          type: 'reply_to_my_question',
          questionId: question.id,
          replyId: chloe.id,
          emailDueAt: due,
        }),
      ),
    );
    await run();
    expect(t.smtp.to(reader.email)).toEqual([]);
    expect(t.smtp.to(away.email)).toEqual([]);

    await t.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, read!.id));
    t.clock.advance(10 * MINUTE);
    await run();
    expect(t.smtp.to(reader.email)).toEqual([]);
    expect(t.smtp.to(away.email).map((mail) => mail.subject)).toEqual([
      'Chloe (AI assistant) replied to your question “Tenancy bond”',
    ]);
    const rows = await notificationRows(t.db, [read!.id, unread!.id]);
    expect(rows.find((row) => row.id === read!.id)).toMatchObject({ emailDueAt: null });
  });
});

describe('an email about a chat', () => {
  it('goes only when the message is still unread 10 minutes later, and never quotes it', async () => {
    const mentor = await insertPerson(t.db);
    const student = await insertPerson(t.db);
    const unread = await insertConversation(t.db, student.id, mentor.id, 'Finding a part-time job');
    const read = await insertConversation(t.db, student.id, mentor.id, 'Tax file number');
    const due = later(10 * MINUTE);
    await insertNotification(t.db, {
      userId: mentor.id,
      type: 'chat_message',
      conversationId: unread.id,
      count: 3,
      emailDueAt: due,
    });
    const seen = await insertNotification(t.db, {
      userId: mentor.id,
      type: 'chat_message',
      conversationId: read.id,
      emailDueAt: due,
    });
    await run();
    expect(t.smtp.to(mentor.email)).toEqual([]);

    await t.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, seen.id));
    t.clock.advance(10 * MINUTE);
    await run();
    const received = t.smtp.to(mentor.email);
    expect(received.map((mail) => mail.subject)).toEqual([
      mailEn.notification.chatMessages_other
        .replace('{{count}}', '3')
        .replace('{{title}}', 'Finding a part-time job'),
    ]);
    expect(received[0]!.text).toContain(`${LINK_BASE}/chat?c=${unread.id}`);
    const [skipped] = await notificationRows(t.db, [seen.id]);
    expect(skipped).toMatchObject({ emailDueAt: null });
    expect(skipped!.emailedAt).toBeInstanceOf(Date);
  });
});

describe('no email', () => {
  it('to an unconfirmed or demo address, for a type turned off, or for followed questions by default', async () => {
    const unconfirmed = await insertPerson(t.db, { verified: false });
    const demo = await insertPerson(t.db, { demo: true });
    const chooser = await insertPerson(t.db);
    await setPreferences(t.db, chooser.id, { types: { mentor_verified: { email: false } } });
    const question = await insertQuestion(t.db, demo.id, 'Medicare for students');
    const rows = [
      await insertNotification(t.db, {
        userId: unconfirmed.id,
        type: 'reply_to_my_question',
        questionId: question.id,
      }),
      await insertNotification(t.db, {
        userId: demo.id,
        type: 'reply_to_my_question',
        questionId: question.id,
      }),
      await insertNotification(t.db, { userId: chooser.id, type: 'mentor_verified' }),
      await insertNotification(t.db, {
        userId: chooser.id,
        type: 'reply_to_followed',
        questionId: question.id,
      }),
    ];
    await run();
    for (const person of [unconfirmed, demo, chooser]) expect(t.smtp.to(person.email)).toEqual([]);
    for (const row of await notificationRows(
      t.db,
      rows.map((each) => each.id),
    )) {
      expect(row.emailDueAt).toBeNull();
      expect(row.emailedAt).toBeInstanceOf(Date);
    }
  });
});

describe('the daily digest', () => {
  it('gathers a day’s news in one email, then waits a day after each', async () => {
    const person = await insertPerson(t.db);
    const student = await insertPerson(t.db);
    await setPreferences(t.db, person.id, { emailDigest: true });
    const question = await insertQuestion(t.db, person.id, 'Bringing my family over');
    const conversation = await insertConversation(t.db, student.id, person.id, 'Choosing a course');
    const start = t.clock.now();
    const news = async (at: Date) => {
      await insertNotification(t.db, {
        userId: person.id,
        type: 'reply_to_my_question',
        questionId: question.id,
        createdAt: at,
        emailDueAt: at,
      });
    };
    await news(start);
    await news(start);
    await insertNotification(t.db, {
      userId: person.id,
      type: 'chat_message',
      conversationId: conversation.id,
      createdAt: start,
      emailDueAt: later(10 * MINUTE),
    });
    await run();
    t.clock.advance(12 * HOUR);
    await run();
    expect(t.smtp.to(person.email)).toEqual([]);

    t.clock.advance(12 * HOUR);
    const before = t.clock.now();
    await run();
    const after = t.clock.now();
    const [digest] = t.smtp.to(person.email);
    expect(t.smtp.to(person.email)).toHaveLength(1);
    expect(digest!.subject).toBe(mailEn.digest.subject_other.replace('{{count}}', '2'));
    expect(digest!.text).toContain(
      mailEn.notification.replies_other
        .replace('{{count}}', '2')
        .replace('{{title}}', 'Bringing my family over'),
    );
    expect(digest!.text).toContain(
      mailEn.notification.chatMessages_one.replace('{{title}}', 'Choosing a course'),
    );
    const { token } = linkIn(digest, 'unsubscribe');
    expect(readUnsubscribeToken(await unsubscribeSecret(t.db), token)?.scope).toBe('all');
    expect(header(digest!, 'List-Unsubscribe')).toContain(token);
    const { digestSentAt } = (await storedPreferences(t.db, person.id))!;
    expect(digestSentAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(digestSentAt!.getTime()).toBeLessThanOrEqual(after.getTime());

    t.clock.advance(HOUR);
    await news(t.clock.now());
    await run();
    t.clock.advance(22 * HOUR);
    await run();
    expect(t.smtp.to(person.email)).toHaveLength(1);
    t.clock.advance(HOUR);
    await run();
    expect(t.smtp.to(person.email)).toHaveLength(2);
    expect(t.smtp.to(person.email)[1]!.subject).toBe(mailEn.digest.subject_one);
  });
});
