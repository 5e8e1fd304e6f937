import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccountExport } from '../../../shared/schemas/account';
import { notificationPreferences, notifications, pushSubscriptions, questionFollows } from '../../db/schema';
import { bearer, signUp, TEST_PASSWORD } from '../../test/helpers';
import { createUser, useQuestionsApp } from '../questions/questions.test-helpers';
import { latestSession } from './notifications.test-helpers';
import { defaultPreferences } from './preferences';

const { t, a } = useQuestionsApp();

const subscription = (userId: string, name: string) => ({
  userId,
  sessionId: latestSession(userId),
  endpoint: `https://push.example.com/send/${name}`,
  p256dh: `p256dh-key-of-${name}`,
  auth: `auth-secret-of-${name}`,
});

describe('a person’s notifications, preferences and subscriptions', () => {
  it('are in their data export, naming nobody who acted and no push keys', async () => {
    const person = await signUp(t.app, { displayName: 'Export Person' });
    const me = { headers: bearer(person.token) };
    const replier = await createUser(t.db, { displayName: 'Export Replier' });
    const question = await a().ask(me.headers, { title: 'A question to export' });
    await a().reply(replier.headers, question.id, 'A reply that notifies.');
    await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: me.headers,
      payload: { types: { chat_message: { email: false } }, pushShowsTitles: true },
    });
    await t.db.insert(pushSubscriptions).values(subscription(person.user.id, 'export'));

    const response = await t.app.inject({ url: '/api/me/export', headers: me.headers });
    expect(response.statusCode).toBe(200);
    const data = response.json<AccountExport>();
    const replyId = (await a().detail(question.id)).replies.at(-1)!.id;
    expect(data.notifications).toEqual([
      {
        id: expect.any(String),
        type: 'reply_to_my_question',
        questionId: question.id,
        replyId,
        conversationId: null,
        detail: null,
        count: 1,
        createdAt: expect.any(String),
        readAt: null,
        emailedAt: null,
        pushedAt: null,
      },
    ]);
    const preferences = defaultPreferences();
    preferences.types.chat_message.email = false;
    preferences.pushShowsTitles = true;
    expect(data.notificationPreferences).toEqual(preferences);
    expect(data.pushSubscriptions).toEqual([
      {
        endpoint: 'https://push.example.com/send/export',
        createdAt: expect.any(String),
        lastSuccessAt: null,
      },
    ]);
    expect(data.follows).toEqual([{ questionId: question.id, createdAt: expect.any(String) }]);
    for (const foreign of [replier.id, 'Export Replier', 'p256dh-key-of-export', 'auth-secret-of-export']) {
      expect(response.body).not.toContain(foreign);
    }
  });

  it('go with the account when it is deleted, and nobody else’s do', async () => {
    const person = await signUp(t.app, { displayName: 'Leaving Person' });
    const me = { headers: bearer(person.token) };
    const stayer = await createUser(t.db);
    const question = await a().ask(stayer.headers, { title: 'A question the leaver follows' });
    await a().reply(me.headers, question.id, 'My reply, which follows the question.');
    const own = await a().ask(me.headers, { title: 'The leaver’s own question' });
    await a().reply(stayer.headers, own.id, 'A reply that notifies the leaver.');
    await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: me.headers,
      payload: { emailDigest: true },
    });
    await t.db
      .insert(pushSubscriptions)
      .values([subscription(person.user.id, 'leaver'), subscription(stayer.id, 'stayer')]);
    const rowsOf = async (userId: string) => ({
      notifications: await t.db.select().from(notifications).where(eq(notifications.userId, userId)),
      preferences: await t.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId)),
      subscriptions: await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
      follows: await t.db.select().from(questionFollows).where(eq(questionFollows.userId, userId)),
    });
    const before = await rowsOf(person.user.id);
    expect(
      [before.notifications, before.preferences, before.subscriptions].map((rows) => rows.length),
    ).toEqual([1, 1, 1]);
    expect(before.follows).toHaveLength(2);
    const stayerBefore = await rowsOf(stayer.id);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/me',
      headers: me.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await rowsOf(person.user.id)).toEqual({
      notifications: [],
      preferences: [],
      subscriptions: [],
      follows: [],
    });
    // The stayer keeps their own, except what was about the leaver's question and reply, which went with them.
    const stayerAfter = await rowsOf(stayer.id);
    expect(stayerAfter.subscriptions).toEqual(stayerBefore.subscriptions);
    expect(stayerBefore.follows.map((row) => row.questionId).sort()).toEqual([question.id, own.id].sort());
    expect(stayerAfter.follows.map((row) => row.questionId)).toEqual([question.id]);
    expect(stayerBefore.notifications).toHaveLength(1);
    expect(stayerAfter.notifications).toEqual([]);
  });
});
