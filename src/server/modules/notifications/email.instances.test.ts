import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { mailEn } from '../../../shared/i18n/mail.en';
import { createDatabase } from '../../db/client';
import { mailOutbox, notifications } from '../../db/schema';
import { buildTestApp } from '../../test/helpers';
import { useMailApp } from '../../test/mail';
import { createOutbox, MailSender, type Outbox } from '../mail/outbox';
import { smtpTransport } from '../mail/transport';
import { insertNotification, insertPerson, insertQuestion } from './delivery.test-helpers';
import { NotificationMailer } from './email';

const t = useMailApp();
const LINK_BASE = 'http://localhost:5000';
const PEOPLE = 30;

it('two instances on one database email each notification once, and honour each other’s links', async () => {
  const people = await Promise.all(Array.from({ length: PEOPLE }, () => insertPerson(t.db)));
  const rowIds: string[] = [];
  for (const person of people) {
    const question = await insertQuestion(t.db, person.id, 'Finding a GP');
    for (let i = 0; i < 2; i += 1) {
      const row = await insertNotification(t.db, {
        userId: person.id,
        type: 'reply_to_my_question',
        questionId: question.id,
      });
      rowIds.push(row.id);
    }
    rowIds.push((await insertNotification(t.db, { userId: person.id, type: 'mentor_verified' })).id);
  }

  // Two instances as main.ts runs them: each its own pool, app, outbox, notification emailer and sender.
  const pools = [createDatabase(t.database.url, { max: 4 }), createDatabase(t.database.url, { max: 4 })];
  const outboxes = pools.map(() => createOutbox(true));
  const apps = await Promise.all(
    pools.map((db, i) => buildTestApp({ ...t.database, db }, {}, false, { outbox: outboxes[i] })),
  );
  const transports = pools.map(() => smtpTransport(t.smtp.url, 'Mentor Me <no-reply@localhost>'));
  // The first instance's first email waits until the second has written one: the two certainly work at once.
  let secondWrote!: () => void;
  const overlap = new Promise<void>((resolve) => (secondWrote = resolve));
  const written = [0, 0];
  const counted = (i: number): Outbox => ({
    ...outboxes[i]!,
    add: async (tx, mail) => {
      if (i === 0) await overlap;
      await outboxes[i]!.add(tx, mail);
      written[i]! += 1;
      if (i === 1) secondWrote();
    },
  });
  try {
    const mailers = pools.map(
      (db, i) => new NotificationMailer(db, counted(i), LINK_BASE, { clock: t.clock.now }),
    );
    await Promise.all(mailers.map((mailer) => mailer.drain()));
    const senders = pools.map((db, i) => new MailSender(db, transports[i]!));
    await Promise.all(senders.map((sender) => sender.drain()));

    expect(written[0]).toBeGreaterThan(0);
    expect(written[1]).toBeGreaterThan(0);
    expect(written[0]! + written[1]!).toBe(PEOPLE * 2);
    const replies = mailEn.notification.replies_other
      .replace('{{count}}', '2')
      .replace('{{title}}', 'Finding a GP');
    for (const person of people) {
      const subjects = t.smtp.to(person.email).map((mail) => mail.subject);
      expect(subjects.sort()).toEqual([replies, mailEn.notification.mentorVerified].sort());
    }
    const outboxRows = await t.db
      .select({ to: mailOutbox.toAddress, status: mailOutbox.status })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.toAddress,
          people.map((person) => person.email),
        ),
      );
    expect(outboxRows).toHaveLength(PEOPLE * 2);
    expect(outboxRows.every((row) => row.status === 'sent')).toBe(true);
    const marked = await t.db
      .select({ emailedAt: notifications.emailedAt })
      .from(notifications)
      .where(inArray(notifications.id, rowIds));
    expect(marked.every((row) => row.emailedAt !== null)).toBe(true);

    // A link one instance wrote works on the other: they share the links' secret.
    for (const [i, person] of people.slice(0, 4).entries()) {
      const { raw } = t.smtp.to(person.email)[0]!;
      const url = /List-Unsubscribe: <([^>]+)>/i.exec(raw.replace(/\r?\n[ \t]+/g, ' '))![1]!;
      const response = await apps[i % 2]!.inject({
        method: 'POST',
        url: new URL(url).pathname + new URL(url).search,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  } finally {
    for (const transport of transports) transport.close();
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(pools.map((db) => db.$client.end()));
  }
});
