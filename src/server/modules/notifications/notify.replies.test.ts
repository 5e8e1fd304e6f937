import { describe, expect, it, vi } from 'vitest';
import { translate } from '../../../shared/i18n';
import { blocks, questionFollows } from '../../db/schema';
import { addAiReply } from '../questions/replies';
import { createUser, useQuestionsApp } from '../questions/questions.test-helpers';
import { notifyReplied } from './notify';
import { bellApi, rowsOf, useBellEvents } from './notifications.test-helpers';

const { t, a } = useQuestionsApp();
const bell = () => bellApi(t.app);
const events = useBellEvents(() => t.db);
const soon = { timeout: 3_000, interval: 20 };

/** A reply's id, as the question page answers it after the reply. */
const lastReplyId = async (questionId: string) => (await a().detail(questionId)).replies.at(-1)!.id;

describe('a reply', () => {
  it('tells the asker once, in the reader’s language, and never the replier', async () => {
    const asker = await createUser(t.db, { displayName: 'Lan Asker' });
    const replier = await createUser(t.db, { displayName: 'Minh Replier', role: 'mentor' });
    const question = await a().ask(asker.headers, { title: 'Where do I get a TFN?' });
    events.clear();
    await a().reply(replier.headers, question.id, 'Apply on the ATO website.');
    const replyId = await lastReplyId(question.id);

    const page = await bell().page(asker);
    expect(page).toEqual({
      notifications: [
        {
          id: expect.any(String),
          type: 'reply_to_my_question',
          createdAt: expect.any(String),
          readAt: null,
          actor: { displayName: 'Minh Replier', role: 'mentor' },
          target: { kind: 'question', id: question.id, title: 'Where do I get a TFN?', replyId },
          text: 'Minh Replier replied to your question “Where do I get a TFN?”',
        },
      ],
      nextCursor: null,
      unread: 1,
    });
    const inVietnamese = await bell().page(asker, undefined, { 'accept-language': 'vi' });
    expect(inVietnamese.notifications[0]!.text).toBe(
      'Minh Replier vừa trả lời câu hỏi “Where do I get a TFN?” của bạn',
    );
    expect(await rowsOf(t.db, replier.id)).toEqual([]);

    // Its email is due a minute later (REPLY_EMAIL_DELAY_SECONDS); the event names the asker, and only the asker.
    const [row] = await rowsOf(t.db, asker.id);
    expect(row).toMatchObject({ eventKey: `reply:${replyId}`, count: 1, emailedAt: null });
    expect(row!.emailDueAt!.getTime() - row!.createdAt.getTime()).toBe(60_000);
    await vi.waitFor(() => expect(events.named()).toContain(asker.id), soon);
    expect(events.named()).not.toContain(replier.id);
  });

  it('tells every follower once, however often it is told, the asker as the asker', async () => {
    const asker = await createUser(t.db);
    const [one, two] = [await createUser(t.db), await createUser(t.db)];
    const replier = await createUser(t.db, { displayName: 'Hoa Replier' });
    const question = await a().ask(asker.headers, { title: 'Renting in Melbourne' });
    for (const follower of [one, two, asker]) {
      expect((await bell().follow(follower, question.id, true)).json()).toEqual({ following: true });
    }
    await a().reply(replier.headers, question.id, 'Try the tenants union.');
    const replyId = await lastReplyId(question.id);
    // Told again, as a job run twice would: nobody hears twice.
    await t.db.transaction((tx) =>
      notifyReplied(tx, { questionId: question.id, replyId, replierId: replier.id }),
    );

    expect((await rowsOf(t.db, asker.id)).map((row) => row.type)).toEqual(['reply_to_my_question']);
    for (const follower of [one, two]) {
      const page = await bell().page(follower);
      expect(page.unread).toBe(1);
      expect(page.notifications[0]).toMatchObject({
        type: 'reply_to_followed',
        text: 'Hoa Replier replied to “Renting in Melbourne”, a question you follow',
      });
    }
  });

  it('makes an email due only for those who want one: the asker, and followers who chose it', async () => {
    const asker = await createUser(t.db);
    const [quiet, keen] = [await createUser(t.db), await createUser(t.db)];
    const replier = await createUser(t.db);
    const question = await a().ask(asker.headers, { title: 'Bond not returned' });
    for (const follower of [quiet, keen]) await bell().follow(follower, question.id, true);
    await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: keen.headers,
      payload: { types: { reply_to_followed: { email: true } } },
    });
    await a().reply(replier.headers, question.id, 'Apply to the bond authority.');
    const due = async (userId: string) => (await rowsOf(t.db, userId))[0]!.emailDueAt;
    expect(await due(asker.id)).toBeInstanceOf(Date);
    expect(await due(keen.id)).toBeInstanceOf(Date);
    expect(await due(quiet.id)).toBeNull();
  });

  it('is told by Chloe once, as Chloe, to the asker and the followers', async () => {
    const asker = await createUser(t.db);
    const follower = await createUser(t.db);
    const question = await a().ask(asker.headers, { title: 'Medicare for students' });
    await bell().follow(follower, question.id, true);
    await addAiReply(t.db, question.id, 'Students usually need OSHC.');
    await addAiReply(t.db, question.id, 'A second run adds nothing.');

    const mine = await bell().page(asker);
    expect(mine.notifications).toEqual([
      expect.objectContaining({
        type: 'reply_to_my_question',
        actor: null,
        text: 'Chloe replied to your question “Medicare for students”',
      }),
    ]);
    const followed = await bell().page(follower, undefined, { 'accept-language': 'vi' });
    expect(followed.notifications).toEqual([
      expect.objectContaining({
        type: 'reply_to_followed',
        actor: null,
        text: translate('vi', 'notify.chloeReplyToFollowed', { title: 'Medicare for students' }),
      }),
    ]);
  });

  it('by Chloe makes its email due ten minutes later, a person’s a minute later', async () => {
    const asker = await createUser(t.db);
    const replier = await createUser(t.db);
    const question = await a().ask(asker.headers, { title: 'Opening a bank account' });
    await addAiReply(t.db, question.id, 'Most banks open an account online.');
    await a().reply(replier.headers, question.id, 'I went to a branch with my passport.');

    const [chloe, person] = (await rowsOf(t.db, asker.id)).sort(
      (x, y) => x.createdAt.getTime() - y.createdAt.getTime(),
    );
    const wait = (row: typeof chloe) => row!.emailDueAt!.getTime() - row!.createdAt.getTime();
    expect(wait(chloe)).toBeGreaterThanOrEqual(10 * 60_000 - 1_000);
    expect(wait(chloe)).toBeLessThan(10 * 60_000 + 1_000);
    expect(wait(person)).toBe(60_000);
  });

  it('reaches nobody who blocked the replier or whom the replier blocked', async () => {
    const asker = await createUser(t.db);
    const replier = await createUser(t.db, { role: 'mentor' });
    const [blocker, blockedByReplier, other] = [
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
    ];
    const question = await a().ask(asker.headers, { title: 'Blocked people hear nothing' });
    for (const follower of [blocker, blockedByReplier, other])
      await bell().follow(follower, question.id, true);
    await t.db.insert(blocks).values([
      { blockerId: blocker.id, blockedId: replier.id },
      { blockerId: replier.id, blockedId: blockedByReplier.id },
      { blockerId: asker.id, blockedId: replier.id },
    ]);
    await a().reply(replier.headers, question.id, 'A reply from someone blocked.');

    for (const who of [asker, blocker, blockedByReplier]) expect(await rowsOf(t.db, who.id)).toEqual([]);
    expect(await rowsOf(t.db, other.id)).toHaveLength(1);
  });

  it('by the asker of an anonymous question never names them, to anyone', async () => {
    const secretName = 'Secret Asker 9Z';
    const asker = await createUser(t.db, { displayName: secretName });
    const follower = await createUser(t.db);
    const admin = await createUser(t.db, { role: 'admin' });
    const question = await a().ask(asker.headers, { title: 'A private worry', isAnonymous: true });
    for (const who of [follower, admin]) await bell().follow(who, question.id, true);
    await a().reply(asker.headers, question.id, 'Adding details myself.');

    for (const who of [follower, admin]) {
      const response = await t.app.inject({ url: '/api/notifications', headers: who.headers });
      expect(response.body).not.toContain(secretName);
      expect(response.json().notifications).toEqual([
        expect.objectContaining({
          actor: null,
          text: 'The person who asked replied to “A private worry”, a question you follow',
        }),
      ]);
      expect((await rowsOf(t.db, who.id))[0]!.actorId).toBeNull();
    }
  });
});

describe('following', () => {
  it('comes with asking and replying, not with a bookmark, and shows on the question', async () => {
    const asker = await createUser(t.db);
    const replier = await createUser(t.db);
    const saver = await createUser(t.db);
    const question = await a().ask(asker.headers);
    expect(question.followed).toBe(true);
    const replied = await a().reply(replier.headers, question.id, 'Following by replying.');
    expect(replied.followed).toBe(true);
    await a().post(`/api/questions/${question.id}/bookmark`, { bookmarked: true }, saver.headers);
    expect((await a().detail(question.id, saver.headers)).followed).toBe(false);
    expect((await a().detail(question.id)).followed).toBe(false);
    const listed = await a().list({ sort: 'latest' }, asker.headers);
    expect(listed.questions.find((q) => q.id === question.id)?.followed).toBe(true);
  });

  it('is a toggle that answers the same however often it is sent, for members only', async () => {
    const member = await createUser(t.db);
    const asker = await createUser(t.db);
    const question = await a().ask(asker.headers);
    for (const following of [true, true, false, false, true]) {
      const response = await bell().follow(member, question.id, following);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ following });
      expect((await a().detail(question.id, member.headers)).followed).toBe(following);
    }
    const visitor = await bell().follow(null, question.id, true);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: translate('en', 'errors.unauthorized'), code: 'UNAUTHORIZED' });
    const unknown = await bell().follow(member, '00000000-0000-4000-8000-000000000000', true);
    expect(unknown.statusCode).toBe(404);
    expect((await bell().follow(member, 'not-an-id', false)).statusCode).toBe(400);
  });

  it('stopped, stops the notifications, the asker’s too', async () => {
    const asker = await createUser(t.db);
    const quitter = await createUser(t.db);
    const replier = await createUser(t.db);
    const question = await a().ask(asker.headers);
    await bell().follow(quitter, question.id, true);
    for (const who of [asker, quitter]) await bell().follow(who, question.id, false);
    await a().reply(replier.headers, question.id, 'Nobody hears this.');
    expect(await rowsOf(t.db, asker.id)).toEqual([]);
    expect(await rowsOf(t.db, quitter.id)).toEqual([]);
    expect(
      (await t.db.select().from(questionFollows)).filter((row) => row.questionId === question.id),
    ).toEqual([expect.objectContaining({ userId: replier.id })]);
  });
});

describe('the live feed', () => {
  it('hears of a question and of each reply, from a person or Chloe, once they are written', async () => {
    const asker = await createUser(t.db);
    const replier = await createUser(t.db);
    events.clear();
    const question = await a().ask(asker.headers, { category: 'housing' });
    await a().reply(replier.headers, question.id, 'A person replies.');
    const replyId = await lastReplyId(question.id);
    await addAiReply(t.db, question.id, 'Chloe replies.');
    const chloes = (await a().detail(question.id)).replies.find((r) => r.isAiReply)!.id;
    const live = () => events.all.filter((event) => String(event.t).endsWith('.posted'));
    await vi.waitFor(() => expect(live()).toHaveLength(3), soon);
    expect(live()).toEqual([
      { t: 'question.posted', q: question.id, category: 'housing' },
      { t: 'reply.posted', q: question.id, r: replyId },
      { t: 'reply.posted', q: question.id, r: chloes },
    ]);
  });
});

describe('something deleted before it was read', () => {
  it('takes its notifications with it, from the list and from the count', async () => {
    const asker = await createUser(t.db);
    const follower = await createUser(t.db);
    const replier = await createUser(t.db);
    const question = await a().ask(asker.headers, { title: 'Soon gone' });
    await bell().follow(follower, question.id, true);
    await a().reply(replier.headers, question.id, 'First reply, soon deleted.');
    const replyId = await lastReplyId(question.id);
    await a().reply(replier.headers, question.id, 'Second reply.');
    expect((await bell().page(asker)).unread).toBe(2);

    expect((await a().del(`/api/replies/${replyId}`, replier.headers)).statusCode).toBe(200);
    const afterReply = await bell().page(asker);
    expect(afterReply.unread).toBe(1);
    expect(afterReply.notifications).toHaveLength(1);

    expect((await a().del(`/api/questions/${question.id}`, asker.headers)).statusCode).toBe(200);
    for (const who of [asker, follower]) {
      expect(await bell().page(who)).toEqual({ notifications: [], nextCursor: null, unread: 0 });
    }
  });
});
