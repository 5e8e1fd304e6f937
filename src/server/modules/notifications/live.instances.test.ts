import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, type TestSocket } from '../../realtime/realtime.test-helpers';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/helpers';
import { api, createUsers } from '../questions/questions.test-helpers';
import { MAX_NAMED_RECIPIENTS } from './events';

// Two app instances on one database, as behind a load balancer: the event on one, the sockets on the other.
let database: TestDatabase;
let one: FastifyInstance;
let two: FastifyInstance;
let baseTwo = '';
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  database = await createTestDatabase();
  const overrides = { REPLY_INTERVAL_SECONDS: '0', QUESTION_INTERVAL_SECONDS: '0' };
  one = await buildTestApp(database, overrides);
  two = await buildTestApp(database, overrides);
  await one.listen({ port: 0, host: '127.0.0.1' });
  baseTwo = await two.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await database?.drop();
});

const closeAll = (sockets: TestSocket[]) => sockets.forEach((socket) => socket.ws.close());
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the live feed and the bell on two instances', () => {
  it('show a question asked on one to the feed’s readers on the other, and its replies to its page’s readers', async () => {
    const [asker, replier] = await createUsers(database.db, 2, { ageMs: DAY });
    const feed = await openSocket(baseTwo, {}, '/ws/public');
    feed.sendFrame({ type: 'watch', topic: 'feed' });
    await feed.next('hello');
    await pause(100);
    const question = await api(one).ask(asker!.headers, { title: 'Landlord will change the locks tonight' });
    expect(await feed.next('question_posted')).toMatchObject({ questionId: question.id });

    const page = await openSocket(baseTwo, {}, '/ws/public');
    page.sendFrame({ type: 'watch', topic: `question:${question.id}` });
    await pause(100);
    await api(one).reply(replier!.headers, question.id, 'Call your state’s tenants’ advice line tonight.');
    expect(await page.next('reply_posted')).toMatchObject({ questionId: question.id });
    closeAll([feed, page]);
  });

  it('ring the asker’s bell on the other instance, and clear it on the first when read there', async () => {
    const [asker, replier] = await createUsers(database.db, 2, { ageMs: DAY });
    const question = await api(one).ask(asker!.headers);
    const phone = await openSocket(baseTwo, asker!.headers);
    await phone.next('hello');
    await api(one).reply(replier!.headers, question.id, 'Here is what helped me.');
    expect(await phone.next('notifications')).toEqual({ type: 'notifications', unread: 1 });
    const read = await one.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: asker!.headers,
      payload: { all: true },
    });
    expect(read.json()).toEqual({ unread: 0 });
    expect(await phone.next('notifications', (frame) => frame.unread === 0)).toBeTruthy();
    closeAll([phone]);
  });

  it('count again when what a notification was about is deleted', async () => {
    const [asker, replier] = await createUsers(database.db, 2, { ageMs: DAY });
    const question = await api(one).ask(asker!.headers);
    const phone = await openSocket(baseTwo, asker!.headers);
    await phone.next('hello');
    const reply = await api(one).reply(replier!.headers, question.id, 'A reply that will be deleted.');
    expect(await phone.next('notifications')).toMatchObject({ unread: 1 });
    const replyId = reply.replies.at(-1)!.id;
    const deleted = await one.inject({
      method: 'DELETE',
      url: `/api/replies/${replyId}`,
      headers: replier!.headers,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await phone.next('notifications', (frame) => frame.unread === 0)).toBeTruthy();
    closeAll([phone]);
  });

  it('ring every connected follower’s bell when the followers are too many to name in one event', async () => {
    const followers = await createUsers(database.db, MAX_NAMED_RECIPIENTS + 10, { ageMs: DAY });
    const [asker, replier] = await createUsers(database.db, 2, { ageMs: DAY });
    const question = await api(one).ask(asker!.headers);
    for (const follower of followers) {
      const response = await one.inject({
        method: 'PUT',
        url: `/api/questions/${question.id}/follow`,
        headers: follower.headers,
      });
      expect(response.json()).toEqual({ following: true });
    }
    const listening = followers.slice(0, 5);
    const sockets = await Promise.all(listening.map((follower) => openSocket(baseTwo, follower.headers)));
    const bystander = await openSocket(baseTwo, replier!.headers);
    await Promise.all([...sockets, bystander].map((socket) => socket.next('hello')));
    await api(one).reply(replier!.headers, question.id, 'An answer for everyone following.');
    for (const socket of sockets) expect(await socket.next('notifications')).toMatchObject({ unread: 1 });
    await pause(300);
    // The person who replied is never told of their own reply.
    expect(bystander.frames.some((frame) => frame.type === 'notifications')).toBe(false);
    closeAll([...sockets, bystander]);
  });
});
