import { beforeAll, describe, expect, it, vi } from 'vitest';
import { handled, openSocket, type TestSocket } from '../../realtime/realtime.test-helpers';
import { useTwoInstances } from '../../test/helpers';
import { seedCategories } from '../questions/categories';
import { api, createUser, createUsers, DAY_MS, RELAXED_LIMITS } from '../questions/questions.test-helpers';
import { MAX_NAMED_RECIPIENTS } from './events';
import { bellApi, useBellEvents } from './notifications.test-helpers';

// Two app instances on one database, each with its own pool: an event written on one reaches the bell, the feed
// and the question page on the other.
const ctx = useTwoInstances(RELAXED_LIMITS);
beforeAll(() => seedCategories(ctx.database.db));

/** What instance two's realtime layer hears. */
const heardOnTwo = useBellEvents(() => ctx.poolTwo);
const soon = { timeout: 3_000, interval: 20 };
const closeAll = (sockets: TestSocket[]) => sockets.forEach((socket) => socket.ws.close());
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const people = (count: number) => createUsers(ctx.database.db, count, { ageMs: DAY_MS });

describe('the bell on two instances', () => {
  it('hears on one what was written on the other, and the reading back', async () => {
    const asker = await createUser(ctx.database.db, { displayName: 'Instance Asker' });
    const replier = await createUser(ctx.database.db, { displayName: 'Instance Replier' });
    const question = await api(ctx.one).ask(asker.headers, { title: 'Seen from the other instance' });
    heardOnTwo.clear();
    await api(ctx.one).reply(replier.headers, question.id, 'Written on instance one.');

    await vi.waitFor(() => expect(heardOnTwo.heard).toContainEqual({ u: [asker.id] }), soon);
    const onTwo = await bellApi(ctx.two).page(asker);
    expect(onTwo.unread).toBe(1);
    expect(onTwo.notifications[0]).toMatchObject({
      type: 'reply_to_my_question',
      text: 'Instance Replier replied to your question “Seen from the other instance”',
    });

    heardOnTwo.clear();
    const read = await bellApi(ctx.one).read(asker, { ids: [onTwo.notifications[0]!.id] });
    expect(read.json()).toEqual({ unread: 0 });
    await vi.waitFor(() => expect(heardOnTwo.heard).toEqual([{ u: [asker.id] }]), soon);
    expect((await bellApi(ctx.two).page(asker)).unread).toBe(0);
  });

  it('rings the asker’s socket on the other instance, and clears it when read on the first', async () => {
    const [asker, replier] = await people(2);
    const question = await api(ctx.one).ask(asker!.headers);
    const phone = await openSocket(ctx.baseTwo, asker!.headers);
    await phone.next('hello');
    await api(ctx.one).reply(replier!.headers, question.id, 'Here is what helped me.');
    expect(await phone.next('notifications')).toEqual({ type: 'notifications', unread: 1 });
    const read = await bellApi(ctx.one).read(asker!, { all: true });
    expect(read.json()).toEqual({ unread: 0 });
    expect(await phone.next('notifications', (frame) => frame.unread === 0)).toBeTruthy();
    closeAll([phone]);
  });

  it('counts again when what a notification was about is deleted', async () => {
    const [asker, replier] = await people(2);
    const question = await api(ctx.one).ask(asker!.headers);
    const phone = await openSocket(ctx.baseTwo, asker!.headers);
    await phone.next('hello');
    const reply = await api(ctx.one).reply(replier!.headers, question.id, 'A reply that will be deleted.');
    expect(await phone.next('notifications')).toMatchObject({ unread: 1 });
    const deleted = await api(ctx.one).del(`/api/replies/${reply.replies.at(-1)!.id}`, replier!.headers);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await phone.next('notifications', (frame) => frame.unread === 0)).toBeTruthy();
    closeAll([phone]);
  });

  it('rings every connected follower when the followers are too many to name in one event', async () => {
    const followers = await people(MAX_NAMED_RECIPIENTS + 10);
    const [asker, replier] = await people(2);
    const question = await api(ctx.one).ask(asker!.headers);
    for (const follower of followers)
      expect((await bellApi(ctx.one).follow(follower, question.id, true)).json()).toEqual({
        following: true,
      });
    const sockets = await Promise.all(
      followers.slice(0, 5).map((follower) => openSocket(ctx.baseTwo, follower.headers)),
    );
    const bystander = await openSocket(ctx.baseTwo, replier!.headers);
    await Promise.all([...sockets, bystander].map((socket) => socket.next('hello')));
    await api(ctx.one).reply(replier!.headers, question.id, 'An answer for everyone following.');
    for (const socket of sockets) expect(await socket.next('notifications')).toMatchObject({ unread: 1 });
    await pause(300);
    // The person who replied is never told of their own reply.
    expect(bystander.frames.some((frame) => frame.type === 'notifications')).toBe(false);
    closeAll([...sockets, bystander]);
  });
});

describe('the live feed on two instances', () => {
  it('shows a question asked on one to the feed’s readers on the other, and its reply to its page’s readers', async () => {
    const [asker, replier] = await people(2);
    const feed = await openSocket(ctx.baseTwo, {}, '/ws/public');
    feed.sendFrame({ type: 'watch', topic: 'feed' });
    await feed.next('hello');
    await handled(feed);
    const question = await api(ctx.one).ask(asker!.headers, {
      title: 'Landlord will change the locks tonight',
    });
    expect(await feed.next('question_posted')).toMatchObject({ questionId: question.id });
    // The feed it then fetches from instance two has it, though two's caches are its own.
    const latest = await api(ctx.two).list({ sort: 'latest' });
    expect(latest.questions.map((q) => q.id)).toContain(question.id);

    const page = await openSocket(ctx.baseTwo, {}, '/ws/public');
    page.sendFrame({ type: 'watch', topic: `question:${question.id}` });
    await handled(page);
    await api(ctx.one).reply(
      replier!.headers,
      question.id,
      'Call your state’s tenants’ advice line tonight.',
    );
    expect(await page.next('reply_posted')).toMatchObject({ questionId: question.id });
    expect((await api(ctx.two).detail(question.id)).replies.map((r) => r.content)).toContain(
      'Call your state’s tenants’ advice line tonight.',
    );
    closeAll([feed, page]);
  });
});
