import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from './db/schema';
import { createSession } from './plugins/auth';
import { insertNotification, insertPerson } from './modules/notifications/delivery.test-helpers';
import { latestSession } from './modules/notifications/notifications.test-helpers';
import { PushSender, vapidKeys } from './modules/notifications/push';
import {
  browserSubscription,
  startPushService,
  type PushService,
} from './modules/notifications/push.test-helpers';
import { bearer, signUp, testConfig, useTestApp, type SignedUp } from './test/helpers';

// The app takes the browsers' push services of the default configuration; the sender below the test's own too.
const t = useTestApp();
let service: PushService;
let member: SignedUp;
const serviceHosts = () => [...testConfig(t.database.url).push.serviceHosts, '127.0.0.1'];

beforeAll(async () => {
  service = await startPushService();
  member = await signUp(t.app);
});
afterAll(() => service?.close());

/** Characters the WHATWG parser keeps in a host name and Node's legacy url.parse ends the host at. */
const HOST_BREAKERS = [';', "'", '`', '{', '}', '"'];

const subscribe = (endpoint: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/notifications/push-subscriptions',
    headers: bearer(member.token),
    payload: { endpoint, keys: browserSubscription(service).keys },
  });

const unsubscribe = (endpoint: string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/notifications/push-subscriptions',
    headers: bearer(member.token),
    payload: { endpoint },
  });

describe('a push subscription’s endpoint', () => {
  it.each(HOST_BREAKERS)('is refused when its host holds %s (it would reach 127.0.0.1)', async (char) => {
    const response = await subscribe(`https://127.0.0.1${char}.fcm.googleapis.com/x`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION' });
  });

  it('is refused with another port, a user name or password, or plain http', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com:8443/x',
      'https://user:secret@fcm.googleapis.com/x',
      'https://user@fcm.googleapis.com/x',
      'http://fcm.googleapis.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
    ]) {
      const response = await subscribe(endpoint);
      expect(response.statusCode, endpoint).toBe(400);
    }
  });

  it('is stored as the address the sender will use', async () => {
    const response = await subscribe('https://FCM.GoogleAPIs.com:443/send/abc');
    expect(response.statusCode, response.body).toBe(201);
    const rows = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, member.user.id));
    expect(rows).toEqual([{ endpoint: 'https://fcm.googleapis.com/send/abc' }]);
    expect((await unsubscribe('https://FCM.GoogleAPIs.com:443/send/abc')).statusCode).toBe(200);
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.user.id)),
    ).toEqual([]);
  });

  it.each([
    ['NUL', 'https://fcm.googleapis.com/a\u0000b'],
    ['a lone surrogate', 'https://fcm.googleapis.com/a\uD800b'],
  ])('with %s is a 400 to subscribe and to unsubscribe', async (_name, endpoint) => {
    const subscribed = await subscribe(endpoint);
    expect(subscribed.statusCode, subscribed.body).toBe(400);
    expect(subscribed.json()).toMatchObject({ code: 'VALIDATION' });
    const removed = await unsubscribe(endpoint);
    expect(removed.statusCode, removed.body).toBe(400);
    expect(removed.json()).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('the push sender', () => {
  it('never connects to the host of a stored endpoint the check refuses, and drops that subscription', async () => {
    const person = await insertPerson(t.db);
    await createSession(t.db, person.id);
    const good = browserSubscription(service);
    const refused = HOST_BREAKERS.map((char) => `https://127.0.0.1${char}.fcm.googleapis.com${good.path}`);
    // Written before the check existed, or straight into the table: the sender checks again.
    for (const endpoint of [good.endpoint, ...refused])
      await t.db.insert(pushSubscriptions).values({
        userId: person.id,
        sessionId: latestSession(person.id),
        endpoint,
        ...good.keys,
      });
    await insertNotification(t.db, { userId: person.id, type: 'mentor_verified' });

    const vapid = await vapidKeys(t.db, testConfig(t.database.url));
    const sender = new PushSender(t.db, vapid, { agent: service.agent, serviceHosts: serviceHosts() });
    await sender.drain();

    expect(service.agent.attempts).toEqual(['127.0.0.1:443']);
    expect(service.to(good.path)).toHaveLength(1);
    const left = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, person.id));
    expect(left).toEqual([{ endpoint: good.endpoint }]);
  });
});
