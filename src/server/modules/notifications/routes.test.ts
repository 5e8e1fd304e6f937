import { describe, expect, it, vi } from 'vitest';
import { translate } from '../../../shared/i18n';
import type { NotificationPreferences } from '../../../shared/schemas/notifications';
import { notifications } from '../../db/schema';
import { createUser, useQuestionsApp, type FastUser } from '../questions/questions.test-helpers';
import { bellApi, useBellEvents } from './notifications.test-helpers';
import { defaultPreferences, preferencesOf } from './preferences';

const { t, a } = useQuestionsApp();
const bell = () => bellApi(t.app);
const events = useBellEvents(() => t.db);

/** `count` notifications for the person straight into the table; every three share their time to the microsecond. */
async function insertMany(who: FastUser, count: number) {
  const start = Date.parse('2026-03-01T00:00:00.000Z');
  return t.db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId: who.id,
        type: 'new_reports' as const,
        eventKey: `reports:${i}`,
        createdAt: new Date(start + Math.floor(i / 3) * 1_000),
      })),
    )
    .returning({ id: notifications.id });
}

const send = (method: 'GET' | 'POST' | 'PUT', url: string, who?: FastUser, payload?: object, lang = 'en') =>
  t.app.inject({ method, url, headers: { ...who?.headers, 'accept-language': lang }, payload });

describe('the bell’s API', () => {
  it('answers visitors 401 on every route, in their language', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read', { all: true }],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences', { emailDigest: true }],
    ] as const) {
      for (const lang of ['en', 'vi'] as const) {
        const response = await send(method, url, undefined, payload, lang);
        expect(response.statusCode, url).toBe(401);
        expect(response.json()).toEqual({
          error: translate(lang, 'errors.unauthorized'),
          code: 'UNAUTHORIZED',
        });
      }
    }
  });

  it('pages newest first, 20 at a time, each notification once, with the unread count', async () => {
    const reader = await createUser(t.db);
    const inserted = await insertMany(reader, 45);
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await bell().page(reader, cursor);
      expect(page.unread).toBe(45);
      sizes.push(page.notifications.length);
      seen.push(...page.notifications.map((n) => n.id));
      const times = page.notifications.map((n) => Date.parse(n.createdAt));
      expect(times).toEqual([...times].sort((x, y) => y - x));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(new Set(seen).size).toBe(45);
    expect(new Set(seen)).toEqual(new Set(inserted.map((row) => row.id)));
    // Someone else's list is their own.
    expect((await bell().page(await createUser(t.db))).notifications).toEqual([]);
  });

  it('answers a cursor it did not make with 400 in the app’s words', async () => {
    const reader = await createUser(t.db);
    const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'not a cursor!',
      'bm90IGpzb24',
      json({ createdAt: 'yesterday', id: 'x' }),
      json({ createdAt: '2026-02-30T00:00:00Z', id: '00000000-0000-4000-8000-000000000000' }),
      'a'.repeat(201),
    ]) {
      for (const lang of ['en', 'vi'] as const) {
        const response = await send(
          'GET',
          `/api/notifications?cursor=${encodeURIComponent(cursor)}`,
          reader,
          undefined,
          lang,
        );
        expect(response.statusCode, cursor).toBe(400);
        expect(response.json()).toEqual({
          error: translate(lang, 'validation.cursorInvalid'),
          code: 'VALIDATION',
        });
      }
    }
    expect((await send('GET', '/api/notifications?cursor=', reader)).statusCode).toBe(200);
  });

  it('marks read the caller’s own, by id or all, and tells their other tabs', async () => {
    const reader = await createUser(t.db);
    const other = await createUser(t.db);
    const mine = await insertMany(reader, 4);
    const theirs = await insertMany(other, 1);
    events.clear();

    const byId = await bell().read(reader, { ids: [mine[0]!.id, theirs[0]!.id] });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual({ unread: 3 });
    expect((await bell().page(other)).unread).toBe(1);
    const page = await bell().page(reader);
    expect(page.notifications.find((n) => n.id === mine[0]!.id)!.readAt).not.toBeNull();
    await vi.waitFor(() => expect(events.heard).toEqual([{ u: [reader.id] }]), { timeout: 3_000 });

    // Again: nothing changes, nobody is told.
    events.clear();
    expect((await bell().read(reader, { ids: [mine[0]!.id] })).json()).toEqual({ unread: 3 });
    expect((await bell().read(reader, { all: true })).json()).toEqual({ unread: 0 });
    expect((await bell().page(other)).unread).toBe(1);
    await vi.waitFor(() => expect(events.heard).toEqual([{ u: [reader.id] }]), { timeout: 3_000 });
  });

  it('marks read those about one question, when its page is opened', async () => {
    const reader = await createUser(t.db);
    const asker = await createUser(t.db);
    const replier = await createUser(t.db);
    const [seen, other] = [await a().ask(asker.headers), await a().ask(asker.headers)];
    for (const question of [seen, other]) {
      await bell().follow(reader, question.id, true);
      await a().reply(replier.headers, question.id, 'A reply to read on its page.');
    }
    expect((await bell().page(reader)).unread).toBe(2);
    const read = await bell().read(reader, { questionId: seen.id });
    expect(read.json()).toEqual({ unread: 1 });
    const left = (await bell().page(reader)).notifications.filter((n) => n.readAt === null);
    expect(left.map((n) => n.target.id)).toEqual([other.id]);
  });

  it('refuses a body that says neither which nor all', async () => {
    const reader = await createUser(t.db);
    for (const payload of [{}, { ids: [] }, { ids: ['not-an-id'] }, { all: false }]) {
      const response = await bell().read(reader, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
  });
});

describe('preferences', () => {
  it('are the defaults for someone who never chose: email and push for what is about them', async () => {
    const member = await createUser(t.db);
    const response = await send('GET', '/api/notifications/preferences', member);
    expect(response.statusCode).toBe(200);
    const on = { email: true, push: true };
    const off = { email: false, push: false };
    expect(response.json()).toEqual({
      types: {
        reply_to_my_question: on,
        reply_to_followed: off,
        new_conversation: on,
        chat_message: on,
        conversation_closed: on,
        mentor_verified: on,
        mentor_declined: on,
        content_removed: on,
        new_reports: off,
        topic_question: off,
        conversation_reminder: on,
        conversation_no_reply: on,
      },
      emailDigest: false,
      pushShowsTitles: false,
      waitingEmail: false,
    });
  });

  it('merge what a change names into the rest, and read back the same', async () => {
    const member = await createUser(t.db);
    const first = await send('PUT', '/api/notifications/preferences', member, {
      types: { reply_to_followed: { email: true } },
    });
    expect(first.statusCode).toBe(200);
    const second = await send('PUT', '/api/notifications/preferences', member, {
      types: { chat_message: { push: false } },
      emailDigest: true,
    });
    const expected: NotificationPreferences = defaultPreferences();
    expected.types.reply_to_followed = { email: true, push: false };
    expected.types.chat_message = { email: true, push: false };
    expected.emailDigest = true;
    expect(second.json()).toEqual(expected);
    expect((await send('GET', '/api/notifications/preferences', member)).json()).toEqual(expected);

    const others = await createUser(t.db);
    const both = await preferencesOf(t.db, [member.id, others.id]);
    expect(both.get(member.id)).toEqual(expected);
    expect(both.get(others.id)).toEqual(defaultPreferences());
  });

  it('refuse what is not a choice', async () => {
    const member = await createUser(t.db);
    for (const payload of [
      { emailDigest: 'yes' },
      { types: { reply_to_followed: { email: 'on' } } },
      { types: { not_a_type: { email: true } } },
    ]) {
      const response = await send('PUT', '/api/notifications/preferences', member, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await send('GET', '/api/notifications/preferences', member)).json()).toEqual(
      defaultPreferences(),
    );
  });
});
