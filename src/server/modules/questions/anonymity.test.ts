import { beforeAll, describe, expect, it } from 'vitest';
import type { QuestionDetail } from '../../../shared/schemas/questions';
import { createUser, DAY_MS, useQuestionsApp, type FastUser } from './questions.test-helpers';

const { t, a, bob, mentor, admin } = useQuestionsApp();
describe('anonymity', () => {
  const secretName = 'Quokka Whisperer 7Q';
  let author: FastUser;
  let question: QuestionDetail;
  let bobReplyId: string;
  const authorBodies: string[] = [];

  beforeAll(async () => {
    author = await createUser(t.db, { displayName: secretName, ageMs: 30 * DAY_MS });
    const created = await a().post(
      '/api/questions',
      {
        title: 'Anonymous kangaroo question about visa conditions',
        content: 'My visa condition 8105 worries me.',
        category: 'immigration-help',
        tags: ['anonymous-check'],
        isAnonymous: true,
      },
      author.headers,
    );
    expect(created.statusCode).toBe(201);
    authorBodies.push(created.body);
    question = created.json<QuestionDetail>();
    const ownReply = await a().post(
      `/api/questions/${question.id}/replies`,
      { content: 'Thanks, adding more details myself.' },
      author.headers,
    );
    authorBodies.push(ownReply.body);
    bobReplyId = (await a().reply(bob.headers, question.id, 'I had the same condition.')).replies.at(-1)!.id;
    await a().reply(mentor.headers, question.id, 'Check with a registered migration agent.');
    for (const user of [author, bob, mentor, admin]) {
      expect(
        (await a().post(`/api/questions/${question.id}/bookmark`, undefined, user.headers)).statusCode,
      ).toBe(200);
    }
  });

  /** Every response a viewer can get that includes the question. */
  async function bodiesFor(headers: Record<string, string>, signedIn: boolean) {
    const urls = [
      '/api/questions?limit=50',
      '/api/questions?sort=latest',
      '/api/questions?sort=latest&category=immigration-help',
      '/api/questions?q=kangaroo',
      '/api/questions?q=anonymous-check',
      `/api/questions/${question.id}`,
      '/api/categories',
      ...(signedIn ? ['/api/me/questions', '/api/me/bookmarks'] : []),
    ];
    const bodies: string[] = [];
    for (const url of urls) {
      const response = await a().get(url, headers);
      expect(response.statusCode, url).toBe(200);
      if (url !== '/api/categories' && url !== '/api/me/questions')
        expect(response.body, url).toContain(question.id);
      bodies.push(response.body);
    }
    return bodies;
  }

  function expectNoAuthor(bodies: string[]) {
    for (const body of bodies) {
      expect(body).not.toContain(secretName);
      expect(body).not.toContain(author.id);
    }
  }

  it('hides the author from visitors', async () => {
    expectNoAuthor(await bodiesFor({}, false));
    const detail = await a().detail(question.id);
    expect(detail).toMatchObject({ isAnonymous: true, author: null, isOwn: false });
  });

  it('hides the author from other students', async () => {
    const bodies = await bodiesFor(bob.headers, true);
    expectNoAuthor(bodies);
    const detail = await a().detail(question.id, bob.headers);
    expect(detail).toMatchObject({ author: null, isOwn: false });
    expect(detail.replies.find((r) => r.id === bobReplyId)).toMatchObject({
      author: { displayName: 'Bob Nguyen', role: 'student' },
      isOwn: true,
    });
  });

  it('hides the author from mentors', async () => {
    expectNoAuthor(await bodiesFor(mentor.headers, true));
  });

  it('shows the author only isOwn in their own payloads, including the replies they wrote', async () => {
    const bodies = [...authorBodies, ...(await bodiesFor(author.headers, true))];
    expectNoAuthor(bodies);
    const mine = await a().get('/api/me/questions', author.headers);
    expect(mine.body).toContain(question.id);

    const detail = await a().detail(question.id, author.headers);
    expect(detail).toMatchObject({ author: null, isOwn: true });
    const [own, fromBob, fromMentor] = detail.replies;
    expect(own).toMatchObject({ content: 'Thanks, adding more details myself.', author: null, isOwn: true });
    expect(fromBob).toMatchObject({ author: { displayName: 'Bob Nguyen', role: 'student' }, isOwn: false });
    expect(fromMentor).toMatchObject({ author: { displayName: 'Minh Mentor', role: 'mentor' } });

    const list = await a().list({ sort: 'latest' }, author.headers);
    expect(list.questions.find((q) => q.id === question.id)).toMatchObject({ author: null, isOwn: true });
  });

  it("keeps the author's own replies anonymous to everyone else", async () => {
    for (const headers of [{}, bob.headers, mentor.headers]) {
      const detail = await a().detail(question.id, headers);
      expect(detail.replies[0]).toMatchObject({ author: null, isOwn: false });
      expect(JSON.stringify(detail)).not.toContain(secretName);
    }
  });

  it('shows the author to admins', async () => {
    const detail = await a().detail(question.id, admin.headers);
    expect(detail.author).toEqual({ displayName: secretName, role: 'student' });
    expect(detail.replies[0]?.author).toEqual({ displayName: secretName, role: 'student' });
    const list = await a().list({ sort: 'latest' }, admin.headers);
    expect(list.questions.find((q) => q.id === question.id)?.author).toEqual({
      displayName: secretName,
      role: 'student',
    });
    const saved = await a().get('/api/me/bookmarks', admin.headers);
    expect(saved.body).toContain(secretName);
  });

  it('shows the author of a question that is not anonymous to everyone', async () => {
    const open = await a().ask(author.headers, { title: 'Not anonymous this time' });
    for (const headers of [{}, bob.headers]) {
      expect((await a().detail(open.id, headers)).author).toEqual({
        displayName: secretName,
        role: 'student',
      });
    }
    await a().del(`/api/questions/${open.id}`, author.headers);
  });
});
