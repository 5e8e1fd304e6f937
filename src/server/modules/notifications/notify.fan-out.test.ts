import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createUser, useQuestionsApp } from '../questions/questions.test-helpers';
import { announce, MAX_NAMED_RECIPIENTS } from './events';
import { bellApi, useBellEvents } from './notifications.test-helpers';
import { recipientsOf, unreadCount } from './read';

const { t, a } = useQuestionsApp();
const events = useBellEvents(() => t.db);
const soon = { timeout: 5_000, interval: 20 };

/** Members inserted and made followers of the question in two statements, however many. */
async function followers(questionId: string, count: number): Promise<string[]> {
  const run = randomBytes(4).toString('hex');
  const created = await t.db.execute<{ id: string }>(sql`
    insert into users (email, display_name, password_hash)
    select 'fan-' || ${run} || '-' || g || '@example.com', 'Follower ' || g, 'not-a-hash'
    from generate_series(1, ${count}::int) g
    returning id`);
  await t.db.execute(sql`
    insert into question_follows (user_id, question_id)
    select id, ${questionId}::uuid from users where email like ${`fan-${run}-%`}`);
  return created.rows.map((row) => row.id);
}

const lastReplyId = async (questionId: string) => (await a().detail(questionId)).replies.at(-1)!.id;

describe('a reply to a question with many followers', () => {
  it('reaches 10,000 followers in one statement and one small event that names the reply, not them', async () => {
    const asker = await createUser(t.db);
    const replier = await createUser(t.db, { displayName: 'Popular Replier' });
    const question = await a().ask(asker.headers, { title: 'A question everyone follows' });
    const ids = await followers(question.id, 10_000);
    events.clear();

    await a().reply(replier.headers, question.id, 'One reply, ten thousand readers.');
    const replyId = await lastReplyId(question.id);
    const eventKey = `reply:${replyId}`;

    const told = await t.db.execute<{ type: string; n: number }>(sql`
      select type, count(*)::int as n from notifications where event_key = ${eventKey} group by type order by type`);
    expect(told.rows).toEqual([
      { type: 'reply_to_followed', n: 10_000 },
      { type: 'reply_to_my_question', n: 1 },
    ]);
    await vi.waitFor(() => expect(events.heard).toContainEqual({ e: eventKey }), soon);
    expect(events.heard.every((event) => (event.u?.length ?? 0) <= MAX_NAMED_RECIPIENTS)).toBe(true);

    // What an instance does with such an event: looks up which of its connected people it concerns.
    const connected = [ids[0]!, ids[9_999]!, replier.id, asker.id];
    expect((await recipientsOf(t.db, eventKey, connected)).sort()).toEqual(
      [ids[0]!, ids[9_999]!, asker.id].sort(),
    );
    expect(await unreadCount(t.db, ids[42]!)).toBe(1);
    expect((await bellApi(t.app).page(asker)).unread).toBe(1);
  });

  it(`names up to ${MAX_NAMED_RECIPIENTS} recipients in the event, and the event key beyond`, async () => {
    const asker = await createUser(t.db);
    const replier = await createUser(t.db);
    const question = await a().ask(asker.headers, { title: 'Fifty followers' });
    const ids = [asker.id, ...(await followers(question.id, MAX_NAMED_RECIPIENTS - 1))];
    events.clear();
    await a().reply(replier.headers, question.id, 'Fifty are named.');
    await vi.waitFor(() => expect(events.heard).toHaveLength(1), soon);
    expect(new Set(events.heard[0]!.u)).toEqual(new Set(ids));

    await followers(question.id, 1);
    events.clear();
    await a().reply(replier.headers, question.id, 'Fifty-one are not.');
    const replyId = await lastReplyId(question.id);
    await vi.waitFor(() => expect(events.heard).toEqual([{ e: `reply:${replyId}` }]), soon);
  });

  it('splits a long list given without an event key into events of named people', async () => {
    const ids = Array.from(
      { length: 120 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    events.clear();
    await announce(t.db, { userIds: ids });
    await vi.waitFor(() => expect(events.heard).toHaveLength(3), soon);
    expect(events.heard.flatMap((event) => event.u)).toEqual(ids);
    expect(events.heard.map((event) => event.u!.length)).toEqual([50, 50, 20]);
  });
});
