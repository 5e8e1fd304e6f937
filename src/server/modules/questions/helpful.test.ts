import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChloeFeedbackPage } from '../../../shared/schemas/ai';
import type { MentorDetail } from '../../../shared/schemas/mentors';
import type { QuestionDetail } from '../../../shared/schemas/questions';
import { users } from '../../db/schema';
import { addAiReply } from './replies';
import { insertQuestions, questionRow, useQuestionsApp, type FastUser } from './questions.test-helpers';

const { t, a, alice, bob, mentor, admin } = useQuestionsApp();
const json = { 'content-type': 'application/json' };

const mark = (user: FastUser, question: QuestionDetail, replyId: string, body?: object) =>
  a().post(
    `/api/questions/${question.id}/replies/${replyId}/helpful`,
    body,
    body ? { ...user.headers, ...json } : user.headers,
  );

/** Alice's question with a reply from the mentor, one from Bob and one of her own. */
async function askedAndAnswered(title: string) {
  const question = await a().ask(alice.headers, { title });
  await a().reply(mentor.headers, question.id, 'Start with the Fair Work pay calculator.');
  await a().reply(bob.headers, question.id, 'Ask your employer for your award.');
  const detail = await a().reply(alice.headers, question.id, 'Thanks, I will try that.');
  const by = (name: string) => detail.replies.find((r) => r.author?.displayName === name)!;
  return {
    question: detail,
    mentorReply: by('Minh Mentor'),
    bobReply: by('Bob Nguyen'),
    ownReply: by('Alice Tran'),
  };
}

describe('POST /api/questions/:id/replies/:replyId/helpful', () => {
  it('lets the asker mark a reply, shows "Helped the asker" to everyone, and takes it back', async () => {
    const { question, mentorReply } = await askedAndAnswered('Am I paid the right rate as a casual?');
    const first = await mark(alice, question, mentorReply.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ helpful: true, helpfulCount: 1 });

    const seen = await a().detail(question.id);
    expect(seen.helpfulCount).toBe(1);
    expect(seen.replies.find((r) => r.id === mentorReply.id)!.helpful).toBe(true);
    expect(seen.replies.filter((r) => r.helpful)).toHaveLength(1);
    // The card in the feed says the question has an answer that helped.
    const card = (await a().list({ sort: 'latest' })).questions.find((q) => q.id === question.id)!;
    expect(card.helpfulCount).toBe(1);

    // Idempotent when the state is sent; a toggle without a body.
    expect((await mark(alice, question, mentorReply.id, { helpful: true })).json()).toEqual({
      helpful: true,
      helpfulCount: 1,
    });
    expect((await mark(alice, question, mentorReply.id)).json()).toEqual({ helpful: false, helpfulCount: 0 });
    expect((await mark(alice, question, mentorReply.id, { helpful: false })).json()).toEqual({
      helpful: false,
      helpfulCount: 0,
    });
    expect((await questionRow(t.db, question.id))!.helpfulCount).toBe(0);
  });

  it('is the asker’s alone, never on their own reply, and only for a reply of that question', async () => {
    const { question, mentorReply, bobReply, ownReply } = await askedAndAnswered(
      'Can my boss cut my shifts?',
    );
    for (const someone of [bob, mentor]) {
      const refused = await mark(someone, question, bobReply.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'ASKER_ONLY',
        error: 'Only the person who asked can mark an answer as helpful.',
      });
    }
    const own = await mark(alice, question, ownReply.id);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'OWN_REPLY' });
    const other = await a().ask(alice.headers, { title: 'Another question entirely' });
    expect((await mark(alice, other, mentorReply.id)).statusCode).toBe(404);
    expect(
      (await a().post(`/api/questions/${question.id}/replies/not-an-id/helpful`, undefined, alice.headers))
        .statusCode,
    ).toBe(400);
    const visitor = await a().post(`/api/questions/${question.id}/replies/${bobReply.id}/helpful`);
    expect(visitor.statusCode).toBe(401);
    expect((await questionRow(t.db, question.id))!.helpfulCount).toBe(0);
  });

  it('counts on the mentor’s profile, can mark Chloe’s reply, and leaves the count right when a reply goes', async () => {
    await t.db.update(users).set({ mentorVerifiedAt: new Date() }).where(eq(users.id, mentor.id));
    const { question, mentorReply, bobReply } = await askedAndAnswered('Where do I find my award?');
    await addAiReply(t.db, question.id, 'The Fair Work Ombudsman lists every award.');
    const chloe = (await a().detail(question.id)).replies.find((r) => r.isAiReply)!;
    const before = (await t.app.inject({ url: `/api/mentors/${mentor.id}` })).json<MentorDetail>()
      .helpfulCount;

    await mark(alice, question, mentorReply.id, { helpful: true });
    await mark(alice, question, bobReply.id, { helpful: true });
    expect((await mark(alice, question, chloe.id, { helpful: true })).json()).toEqual({
      helpful: true,
      helpfulCount: 3,
    });
    // The admins' Chloe feedback tab counts her replies that helped.
    const chloeFeedback = await t.app.inject({ url: '/api/admin/chloe-feedback', headers: admin.headers });
    expect(chloeFeedback.json<ChloeFeedbackPage>().feedReplies).toMatchObject({ helpful: 1 });
    const profile = (await t.app.inject({ url: `/api/mentors/${mentor.id}` })).json<MentorDetail>();
    expect(profile.helpfulCount).toBe(before + 1);

    // Bob deletes his reply: the question's count follows.
    const deleted = await a().del(`/api/replies/${bobReply.id}`, bob.headers);
    expect(deleted.statusCode).toBe(200);
    expect((await questionRow(t.db, question.id))!.helpfulCount).toBe(2);
  });

  it('weighs in trending: of two questions alike, the one with an answer that helped ranks first', async () => {
    const hour = new Date(Date.now() - 60 * 60 * 1000);
    const [plain, helped] = await insertQuestions(t.db, [
      { authorId: alice.id, title: 'Trending twin one', replyCount: 1, upvotes: 40, createdAt: hour },
      { authorId: alice.id, title: 'Trending twin two', replyCount: 1, upvotes: 40, createdAt: hour },
    ]);
    const detail = await a().reply(mentor.headers, helped!.id, 'This is how it works.');
    await a().reply(mentor.headers, plain!.id, 'This is how it works too.');
    await mark(alice, detail, detail.replies[0]!.id, { helpful: true });
    const trending = (await a().list({ sort: 'trending' })).questions.map((q) => q.id);
    expect(trending.indexOf(helped!.id)).toBeLessThan(trending.indexOf(plain!.id));
  });
});
