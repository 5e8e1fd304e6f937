import { eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailEn } from '../../../shared/i18n/mail.en';
import { mailVi } from '../../../shared/i18n/mail.vi';
import { createDatabase } from '../../db/client';
import { appSettings, notifications, pushSubscriptions } from '../../db/schema';
import {
  bearer,
  buildTestApp,
  signIn,
  signUp,
  testConfig,
  useTestApp,
  type EnvOverrides,
} from '../../test/helpers';
import {
  insertConversation,
  insertNotification,
  insertReply,
  insertPerson,
  insertQuestion,
  notificationRows,
  setPreferences,
} from './delivery.test-helpers';
import { PushSender, vapidKeys, type PushPayload } from './push';
import { browserSubscription, checkVapid, startPushService, type PushService } from './push.test-helpers';
import { latestSession } from './notifications.test-helpers';
import { createSession } from '../../plugins/auth';

// The test's own push service stands in for the browsers'.
const t = useTestApp({ PUSH_SERVICE_HOSTS: '127.0.0.1' });
const serviceHosts = ['127.0.0.1'];
let service: PushService;
let pusher: PushSender;
let publicKey: string;

beforeAll(async () => {
  service = await startPushService();
  const vapid = await vapidKeys(t.db, testConfig(t.database.url));
  publicKey = vapid.publicKey;
  pusher = new PushSender(t.db, vapid, { agent: service.agent, serviceHosts });
});
afterAll(() => service?.close());

type Subscription = ReturnType<typeof browserSubscription>;

const subscribeRequest = (token: string | undefined, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/notifications/push-subscriptions',
    headers: token ? bearer(token) : {},
    payload: body,
  });

/** A browser of this person, signed in and subscribed straight in the table. */
async function subscribed(userId: string): Promise<Subscription> {
  await createSession(t.db, userId);
  const subscription = browserSubscription(service);
  await t.db.insert(pushSubscriptions).values({
    userId,
    sessionId: latestSession(userId),
    endpoint: subscription.endpoint,
    ...subscription.keys,
  });
  return subscription;
}

/** What arrived for a subscription, decrypted as its browser would. */
const payloadsTo = (subscription: Subscription): PushPayload[] =>
  service
    .to(subscription.path)
    .map((delivery) => JSON.parse(subscription.decrypt(delivery.body)) as PushPayload);

/** Another instance of the app on the same database, with its own pool. */
async function otherInstance(overrides: EnvOverrides = {}) {
  const db = createDatabase(t.database.url, { max: 2 });
  const app = await buildTestApp({ ...t.database, db }, overrides);
  return {
    app,
    close: async () => {
      await app.close();
      await db.$client.end();
    },
  };
}

const pushKey = async (app = t.app) => {
  const response = await app.inject({ method: 'GET', url: '/api/notifications/push-key' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ publicKey: string }>().publicKey;
};

describe('the VAPID key', () => {
  it('is made once, kept in the database, and the same on every instance', async () => {
    const key = await pushKey();
    expect(key).toBe(publicKey);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const stored = await t.db.select().from(appSettings).where(eq(appSettings.key, 'vapid-keys'));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.value).toMatchObject({ publicKey: key });

    const other = await otherInstance();
    try {
      expect(await pushKey(other.app)).toBe(key);
    } finally {
      await other.close();
    }
  });

  it('comes from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when they are set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const other = await otherInstance({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    try {
      expect(await pushKey(other.app)).toBe(keys.publicKey);
    } finally {
      await other.close();
    }
  });
});

describe('push subscriptions', () => {
  it('are for members, need a well-formed https subscription at a push service, and belong to whoever subscribed last', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const browser = browserSubscription(service);
    const body = { endpoint: browser.endpoint, keys: browser.keys };

    expect((await subscribeRequest(undefined, body)).statusCode).toBe(401);
    const insecure = { ...body, endpoint: browser.endpoint.replace('https:', 'http:') };
    const elsewhere = { ...body, endpoint: 'https://10.0.0.5/admin/reboot' };
    expect((await subscribeRequest(first.token, insecure)).statusCode).toBe(400);
    // Only a push service may be posted to: never another address the server can reach.
    expect((await subscribeRequest(first.token, elsewhere)).statusCode).toBe(400);
    const shortKey = { ...body, keys: { ...browser.keys, p256dh: browser.keys.p256dh.slice(10) } };
    expect((await subscribeRequest(first.token, shortKey)).statusCode).toBe(400);
    const shortAuth = { ...body, keys: { ...browser.keys, auth: 'c2hvcnQ' } };
    expect((await subscribeRequest(first.token, shortAuth)).statusCode).toBe(400);

    const created = await subscribeRequest(first.token, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ ok: true });
    expect((await subscribeRequest(first.token, body)).statusCode).toBe(201);
    // The same browser, now signed in as someone else: its pushes are theirs.
    expect((await subscribeRequest(second.token, body)).statusCode).toBe(201);
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: second.user.id, ...browser.keys });
  });

  it('are deleted by their owner only', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const browser = browserSubscription(service);
    await subscribeRequest(owner.token, { endpoint: browser.endpoint, keys: browser.keys });
    const remove = (token?: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/notifications/push-subscriptions',
        headers: token ? bearer(token) : {},
        payload: { endpoint: browser.endpoint },
      });
    const stored = () =>
      t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.endpoint));

    expect((await remove()).statusCode).toBe(401);
    expect((await remove(stranger.token)).statusCode).toBe(200);
    expect(await stored()).toHaveLength(1);
    const removed = await remove(owner.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect(await stored()).toEqual([]);
  });

  it('end with the sign-in they were made in: a shared phone signed out shows nothing more', async () => {
    const person = await signUp(t.app);
    const laptop = await signIn(t.app, person.email, person.password);
    const phone = browserSubscription(service);
    const other = browserSubscription(service);
    await subscribeRequest(person.token, { endpoint: phone.endpoint, keys: phone.keys });
    await subscribeRequest(laptop.token, { endpoint: other.endpoint, keys: other.keys });
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: bearer(person.token),
    });
    expect(signedOut.statusCode).toBe(200);
    const left = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, person.user.id));
    expect(left).toEqual([{ endpoint: other.endpoint }]);
  });
});

describe('a push', () => {
  it('shows only "New reply on Mentor Me", encrypted for the browser and signed with the site’s key', async () => {
    const member = await signUp(t.app);
    const browser = browserSubscription(service);
    const subscribe = await subscribeRequest(member.token, {
      endpoint: browser.endpoint,
      keys: browser.keys,
    });
    expect(subscribe.statusCode).toBe(201);
    const asker = await insertPerson(t.db);
    const question = await insertQuestion(t.db, asker.id, 'A visa for my partner');
    const reply = await insertReply(t.db, question.id, 'Look at the partner visa page.', asker.id);
    const row = await insertNotification(t.db, {
      userId: member.user.id,
      type: 'reply_to_my_question',
      questionId: question.id,
      replyId: reply.id,
    });

    await pusher.drain();
    await pusher.drain();
    // A tap opens the question at the reply.
    expect(payloadsTo(browser)).toEqual([
      {
        title: mailEn.push.reply,
        body: mailEn.push.body,
        url: `/questions/${question.id}#reply-${reply.id}`,
      },
    ]);
    const [delivery] = service.to(browser.path);
    expect(delivery!.headers['content-encoding']).toBe('aes128gcm');
    expect(delivery!.headers.ttl).toBe('86400');
    expect(delivery!.body.toString('latin1')).not.toContain('Mentor Me');
    const claims = checkVapid(delivery!.headers.authorization, publicKey, service.origin);
    expect(claims.sub).toBe('mailto:no-reply@localhost');

    expect((await notificationRows(t.db, [row.id]))[0]!.pushedAt).toBeInstanceOf(Date);
    const [subscription] = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(subscription!.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('is in the person’s language, with the chat’s title only for those who chose to see titles', async () => {
    const mentor = await insertPerson(t.db, { locale: 'vi' });
    const student = await insertPerson(t.db);
    const browser = await subscribed(mentor.id);
    const conversation = await insertConversation(t.db, student.id, mentor.id, 'Tìm nhà ở Melbourne');
    await insertNotification(t.db, {
      userId: mentor.id,
      type: 'chat_message',
      conversationId: conversation.id,
    });
    await pusher.drain();
    await setPreferences(t.db, mentor.id, { pushShowsTitles: true });
    await insertNotification(t.db, {
      userId: mentor.id,
      type: 'new_conversation',
      conversationId: conversation.id,
    });
    await pusher.drain();

    const url = `/chat?c=${conversation.id}`;
    expect(payloadsTo(browser)).toEqual([
      { title: mailVi.push.message, body: mailVi.push.body, url },
      { title: mailVi.push.conversation, body: 'Tìm nhà ở Melbourne', url },
    ]);
  });

  it('is not sent when push is off for the type, or the notification was read', async () => {
    const person = await insertPerson(t.db);
    const browser = await subscribed(person.id);
    const question = await insertQuestion(t.db, person.id, 'Working hours on a student visa');
    await setPreferences(t.db, person.id, { types: { reply_to_my_question: { push: false } } });
    const rows = [
      await insertNotification(t.db, {
        userId: person.id,
        type: 'reply_to_my_question',
        questionId: question.id,
      }),
      // Off unless chosen, as its email is.
      await insertNotification(t.db, {
        userId: person.id,
        type: 'reply_to_followed',
        questionId: question.id,
      }),
      await insertNotification(t.db, { userId: person.id, type: 'mentor_verified', readAt: new Date() }),
    ];
    await pusher.drain();
    expect(service.to(browser.path)).toEqual([]);
    const stored = await notificationRows(
      t.db,
      rows.map((row) => row.id),
    );
    expect(stored.every((row) => row.pushedAt !== null)).toBe(true);
  });

  it('deletes a subscription the push service says is gone (404, 410), and keeps one that failed otherwise', async () => {
    const person = await insertPerson(t.db);
    const [gone, notFound, failing, working] = await Promise.all([
      subscribed(person.id),
      subscribed(person.id),
      subscribed(person.id),
      subscribed(person.id),
    ]);
    service.answer(gone!.path, 410);
    service.answer(notFound!.path, 404);
    service.answer(failing!.path, 500);
    await insertNotification(t.db, { userId: person.id, type: 'mentor_verified' });
    await pusher.drain();

    for (const browser of [gone, notFound, failing, working])
      expect(service.to(browser!.path)).toHaveLength(1);
    const left = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, person.id));
    expect(left.map((row) => row.endpoint).sort()).toEqual([failing!.endpoint, working!.endpoint].sort());
  });

  it('goes once to each of the person’s browsers, however many instances send', async () => {
    const person = await insertPerson(t.db);
    const browsers = [await subscribed(person.id), await subscribed(person.id)];
    const rows = await Promise.all(
      Array.from({ length: 12 }, () => insertNotification(t.db, { userId: person.id, type: 'chat_message' })),
    );
    const vapid = await vapidKeys(t.db, testConfig(t.database.url));
    const pools = [createDatabase(t.database.url, { max: 2 }), createDatabase(t.database.url, { max: 2 })];
    try {
      const senders = pools.map(
        (db) => new PushSender(db, vapid, { agent: service.agent, batch: 3, serviceHosts }),
      );
      await Promise.all(senders.map((sender) => sender.drain()));
    } finally {
      await Promise.all(pools.map((db) => db.$client.end()));
    }
    for (const browser of browsers) expect(service.to(browser.path)).toHaveLength(12);
    const pushed = await t.db
      .select({ pushedAt: notifications.pushedAt })
      .from(notifications)
      .where(
        inArray(
          notifications.id,
          rows.map((row) => row.id),
        ),
      );
    expect(pushed.every((row) => row.pushedAt !== null)).toBe(true);
  });
});
