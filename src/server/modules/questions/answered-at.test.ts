import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { questions, replies, users } from '../../db/schema';
import { useTestApp } from '../../test/helpers';
import { createUser, HOUR_MS, insertQuestions, insertReply, type FastUser } from './questions.test-helpers';

// `questions.answered_at` (migration 0026) is when a person first answered: the waiting list, the admins' unanswered
// figures and claims read it instead of looking through the replies.
const t = useTestApp();
let asker: FastUser;
let helper: FastUser;
let another: FastUser;

beforeAll(async () => {
  asker = await createUser(t.db);
  helper = await createUser(t.db, { role: 'mentor' });
  another = await createUser(t.db);
});

const answeredAt = async (id: string) =>
  (await t.db.select({ at: questions.answeredAt }).from(questions).where(eq(questions.id, id)))[0]!.at;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS);

describe('a question’s first answer from a person', () => {
  it('is neither Chloe’s reply nor the asker’s own', async () => {
    const [question] = await insertQuestions(t.db, [{ authorId: asker.id }]);
    await insertReply(t.db, { questionId: question!.id, authorId: null, content: 'Chloe', isAiReply: true });
    await insertReply(t.db, { questionId: question!.id, authorId: asker.id, content: 'Any news?' });
    expect(await answeredAt(question!.id)).toBeNull();
    const reply = await insertReply(t.db, {
      questionId: question!.id,
      authorId: helper.id,
      content: 'Here is how.',
      createdAt: hoursAgo(2),
    });
    expect(await answeredAt(question!.id)).toEqual(reply.createdAt);
  });

  it('is the earliest of several, added one at a time or together', async () => {
    const [one, two] = await insertQuestions(t.db, [{ authorId: asker.id }, { authorId: asker.id }]);
    await insertReply(t.db, {
      questionId: one!.id,
      authorId: helper.id,
      content: 'later',
      createdAt: hoursAgo(1),
    });
    const sooner = await insertReply(t.db, {
      questionId: one!.id,
      authorId: another.id,
      content: 'sooner',
      createdAt: hoursAgo(3),
    });
    expect(await answeredAt(one!.id)).toEqual(sooner.createdAt);
    await t.db.insert(replies).values([
      { questionId: two!.id, authorId: helper.id, content: 'b', createdAt: hoursAgo(4) },
      { questionId: two!.id, authorId: another.id, content: 'a', createdAt: hoursAgo(5) },
    ]);
    expect(await answeredAt(two!.id)).toEqual(await firstReplyAt(two!.id));
  });

  it('moves to the next person’s reply when one is deleted, and is none when the last goes with its account', async () => {
    const [question] = await insertQuestions(t.db, [{ authorId: asker.id }]);
    const first = await insertReply(t.db, {
      questionId: question!.id,
      authorId: helper.id,
      content: 'first',
      createdAt: hoursAgo(3),
    });
    const leaving = await createUser(t.db);
    const second = await insertReply(t.db, {
      questionId: question!.id,
      authorId: leaving.id,
      content: 'second',
      createdAt: hoursAgo(1),
    });
    await t.db.delete(replies).where(eq(replies.id, first.id));
    expect(await answeredAt(question!.id)).toEqual(second.createdAt);
    // Deleting an account deletes its replies by cascade: the trigger sees those too.
    await t.db.delete(users).where(inArray(users.id, [leaving.id]));
    expect(await answeredAt(question!.id)).toBeNull();
  });
});

async function firstReplyAt(questionId: string) {
  const rows = await t.db
    .select({ at: replies.createdAt })
    .from(replies)
    .where(eq(replies.questionId, questionId));
  return rows.map((row) => row.at).sort((a, b) => a.getTime() - b.getTime())[0];
}
