import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailEn } from '../../../shared/i18n/mail.en';
import { mailVi } from '../../../shared/i18n/mail.vi';
import { NOTIFICATION_TYPES } from '../../../shared/schemas/notifications';
import { appSettings } from '../../db/schema';
import { linkIn, useMailApp, type ReceivedMail } from '../../test/mail';
import { insertNotification, insertPerson, insertQuestion } from './delivery.test-helpers';
import { NotificationMailer } from './email';
import { getPreferences } from './preferences';
import { readUnsubscribeToken, unsubscribeSecret, unsubscribeToken } from './unsubscribe';

const t = useMailApp();
let mailer: NotificationMailer;

beforeAll(() => {
  mailer = new NotificationMailer(t.db, t.outbox, 'http://localhost:5000', { clock: t.clock.now });
});

/** A person who gets an email about a reply, and that email. */
async function emailedPerson() {
  const person = await insertPerson(t.db);
  const question = await insertQuestion(t.db, person.id, 'Driving licence in NSW');
  await insertNotification(t.db, {
    userId: person.id,
    type: 'reply_to_my_question',
    questionId: question.id,
  });
  await mailer.drain();
  await t.deliver();
  const [mail] = t.smtp.to(person.email);
  expect(mail).toBeDefined();
  return { id: person.id, email: person.email, mail: mail!, questionId: question.id };
}

/** The one-click address of an email's List-Unsubscribe header, as a path for the app. */
function oneClickPath(mail: ReceivedMail): string {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const url = /^List-Unsubscribe: <([^>]+)>$/im.exec(head)?.[1];
  expect(url, 'a List-Unsubscribe header').toBeDefined();
  const parsed = new URL(url!);
  return `${parsed.pathname}${parsed.search}`;
}

const unsubscribeRequest = (url: string, payload: string | object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('unsubscribe tokens', () => {
  it('name the person and the type, and only this server can make one', async () => {
    const secret = await unsubscribeSecret(t.db);
    const stored = await t.db.select().from(appSettings).where(eq(appSettings.key, 'unsubscribe-secret'));
    expect(stored.map((row) => row.value)).toEqual([secret]);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);

    const userId = randomUUID();
    const token = unsubscribeToken(secret, userId, 'chat_message');
    expect(token).toMatch(/^[\w-]+$/);
    expect(readUnsubscribeToken(secret, token)).toEqual({ userId, scope: 'chat_message' });
    expect(readUnsubscribeToken(secret, unsubscribeToken(secret, userId, 'all'))?.scope).toBe('all');

    const tampered = Buffer.from(token, 'base64url');
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 1) ^ 1, tampered.length - 1);
    const forged = unsubscribeToken(randomBytes(32).toString('base64url'), userId, 'chat_message');
    for (const bad of [tampered.toString('base64url'), forged, '', 'abc', `${token}.x`, 'A'.repeat(400)]) {
      expect(readUnsubscribeToken(secret, bad), bad).toBeUndefined();
    }
  });
});

describe('POST /api/notifications/unsubscribe', () => {
  it('takes a mail program’s one-click POST, with no cookie, and turns that email off', async () => {
    const person = await emailedPerson();
    const url = oneClickPath(person.mail);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const response = await unsubscribeRequest(url, 'List-Unsubscribe=One-Click', form);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ type: 'reply_to_my_question' });
    const preferences = await getPreferences(t.db, person.id);
    expect(preferences.types.reply_to_my_question).toEqual({ email: false, push: true });
    expect(preferences.types.chat_message.email).toBe(true);

    // Again (a mail program may retry, from a web mail's page of its own): the same answer, nothing else changes.
    const fromWebMail = { ...form, origin: 'https://mail.example', 'sec-fetch-site': 'cross-site' };
    expect((await unsubscribeRequest(url, 'List-Unsubscribe=One-Click', fromWebMail)).statusCode).toBe(200);
    await insertNotification(t.db, {
      userId: person.id,
      type: 'reply_to_my_question',
      questionId: person.questionId,
    });
    await mailer.drain();
    await t.deliver();
    expect(t.smtp.to(person.email)).toHaveLength(1);
  });

  it('takes the token as JSON from the app’s page, and a multipart one-click', async () => {
    const fromPage = await emailedPerson();
    const { token } = linkIn(fromPage.mail, 'unsubscribe');
    const json = await unsubscribeRequest('/api/notifications/unsubscribe', { token });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toEqual({ type: 'reply_to_my_question' });
    expect((await getPreferences(t.db, fromPage.id)).types.reply_to_my_question.email).toBe(false);

    const multipart = await emailedPerson();
    const boundary = 'mentorme-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const response = await unsubscribeRequest(oneClickPath(multipart.mail), body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await getPreferences(t.db, multipart.id)).types.reply_to_my_question.email).toBe(false);
  });

  it('turns every notification email off with a digest’s link', async () => {
    const person = await insertPerson(t.db);
    const token = unsubscribeToken(await unsubscribeSecret(t.db), person.id, 'all');
    const response = await unsubscribeRequest(`/api/notifications/unsubscribe?token=${token}`, {});
    expect(response.json()).toEqual({ type: 'all' });
    const preferences = await getPreferences(t.db, person.id);
    for (const type of NOTIFICATION_TYPES) expect(preferences.types[type].email, type).toBe(false);
  });

  it('refuses a bad or missing token with 400, in the caller’s language', async () => {
    const person = await insertPerson(t.db);
    const forged = unsubscribeToken(randomBytes(32).toString('base64url'), person.id, 'chat_message');
    const cases: [string, object, Record<string, string>, string][] = [
      [`/api/notifications/unsubscribe?token=${forged}`, {}, {}, mailEn.notification.unsubscribeInvalid],
      [
        '/api/notifications/unsubscribe',
        { token: 'not-a-token' },
        { 'accept-language': 'vi' },
        mailVi.notification.unsubscribeInvalid,
      ],
      ['/api/notifications/unsubscribe', {}, {}, mailEn.notification.unsubscribeInvalid],
    ];
    for (const [url, payload, headers, message] of cases) {
      const response = await unsubscribeRequest(url, payload, headers);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ error: message, code: 'UNSUBSCRIBE_TOKEN_INVALID' });
    }
    expect((await getPreferences(t.db, person.id)).types.chat_message.email).toBe(true);
  });
});
