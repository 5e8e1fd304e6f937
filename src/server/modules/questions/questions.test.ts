import { randomBytes, randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_SLUGS, type CategorySlug } from '../../../shared/categories';
import { en } from '../../../shared/i18n/en';
import { vi as viText } from '../../../shared/i18n/vi';
import type { Question, QuestionDetail } from '../../../shared/schemas/questions';
import { likes, questions, replies, reports, voiceNotes } from '../../db/schema';
import { useTestApp } from '../../test/helpers';
import {
  api,
  createUser,
  createUsers,
  DAY_MS,
  HOUR_MS,
  ids,
  insertQuestions,
  insertReply,
  questionRow,
  RELAXED_LIMITS,
  type FastUser,
} from './questions.test-helpers';
import { seedCategories, trendingScore } from './service';
import { chromeWebmEndingAt, paddedMp4, voiceFixture } from './voice-notes.test-helpers';

const t = useTestApp(RELAXED_LIMITS);
const a = () => api(t.app);

let alice: FastUser;
let bob: FastUser;
let mentor: FastUser;
let admin: FastUser;

beforeAll(async () => {
  await seedCategories(t.db);
  alice = await createUser(t.db, { displayName: 'Alice Tran', ageMs: 30 * DAY_MS });
  bob = await createUser(t.db, { displayName: 'Bob Nguyen', ageMs: 30 * DAY_MS });
  mentor = await createUser(t.db, { displayName: 'Minh Mentor', role: 'mentor', ageMs: 30 * DAY_MS });
  admin = await createUser(t.db, { displayName: 'Ada Admin', role: 'admin', ageMs: 30 * DAY_MS });
});

const json = { 'content-type': 'application/json' };

async function countQuestionsTitled(title: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(questions).where(eq(questions.title, title));
  return row?.n ?? 0;
}

describe('POST /api/questions', () => {
  it('answers 201 with the question, its author being the session user', async () => {
    const response = await a().post(
      '/api/questions',
      {
        title: '  How do I find a share house near campus?  ',
        content: '\n  I start at Monash in March and need a room.  \n',
        category: 'housing',
        tags: ['rent'],
      },
      alice.headers,
    );
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json<QuestionDetail>();
    expect(body).toMatchObject({
      title: 'How do I find a share house near campus?',
      content: 'I start at Monash in March and need a room.',
      category: 'Housing',
      categorySlug: 'housing',
      tags: ['rent'],
      isUrgent: false,
      isAnonymous: false,
      upvotes: 0,
      replyCount: 0,
      author: { displayName: 'Alice Tran', role: 'student' },
      replies: [],
      hasVoiceNote: false,
      liked: false,
      bookmarked: false,
      isOwn: true,
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(Date.parse(body.createdAt) - Date.now())).toBeLessThan(60_000);

    const row = await questionRow(t.db, body.id);
    expect(row).toMatchObject({ authorId: alice.id, title: body.title, content: body.content });
  });

  it('ignores an authorId in the body: the author is always the session user', async () => {
    const question = await a().ask(alice.headers, {
      title: 'Posted by Alice, claiming to be Bob',
      ...({ authorId: bob.id } as object),
    });
    expect(question.author).toEqual({ displayName: 'Alice Tran', role: 'student' });
    expect((await questionRow(t.db, question.id))?.authorId).toBe(alice.id);
  });

  it('stores the flags it is given and accepts titles of 200 and contents of 10,000 characters', async () => {
    const question = await a().ask(bob.headers, {
      title: `  ${'T'.repeat(200)}  `,
      content: 'C'.repeat(10_000),
      isUrgent: true,
      isAnonymous: true,
    });
    expect(question.title).toHaveLength(200);
    expect(question.content).toHaveLength(10_000);
    expect(question).toMatchObject({ isUrgent: true, isAnonymous: true, author: null, isOwn: true });
  });

  it('trims, lower-cases and de-duplicates the tags and drops empty ones', async () => {
    const question = await a().ask(alice.headers, {
      tags: ['  Visa ', 'VISA', '', '   ', 'Work-Rights', 'visa', 'work-rights', 'TFN'],
    });
    expect(question.tags).toEqual(['visa', 'work-rights', 'tfn']);
  });

  it('counts the tags after de-duplication and measures each tag after trimming', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => `tag${i}`);
    const question = await a().ask(alice.headers, {
      tags: [...ten, 'TAG0', ' tag1 ', 'Tag9', '  '],
    });
    expect(question.tags).toEqual(ten);

    const thirty = await a().ask(alice.headers, { tags: [`  ${'y'.repeat(30)}  `] });
    expect(thirty.tags).toEqual(['y'.repeat(30)]);
  });

  it.each(CATEGORY_SLUGS.map((slug) => [slug, CATEGORIES.find((c) => c.slug === slug)!.name.en]))(
    'accepts the category %s',
    async (slug, name) => {
      const question = await a().ask(alice.headers, { category: slug as CategorySlug });
      expect(question).toMatchObject({ categorySlug: slug, category: name });
    },
  );

  it('accepts a null or missing category', async () => {
    expect(await a().ask(alice.headers, { category: null })).toMatchObject({
      category: null,
      categorySlug: null,
    });
    const response = await a().post(
      '/api/questions',
      { title: 'No category', content: 'None' },
      alice.headers,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ category: null, categorySlug: null, tags: [] });
  });

  const title = 'Valid title for a refused question';
  it.each([
    ['a missing title', { content: 'x' }, en.validation.titleRequired],
    ['an empty title', { title: '', content: 'x' }, en.validation.titleRequired],
    ['a title of spaces', { title: '   \n ', content: 'x' }, en.validation.titleRequired],
    ['a title that is not a string', { title: 42, content: 'x' }, en.validation.titleRequired],
    ['a 201-character title', { title: 'T'.repeat(201), content: 'x' }, en.validation.titleMax],
    ['a missing content', { title }, en.validation.contentRequired],
    ['a content of spaces', { title, content: '    ' }, en.validation.contentRequired],
    ['a 10,001-character content', { title, content: 'C'.repeat(10_001) }, en.validation.contentMax],
    [
      'eleven tags',
      { title, content: 'x', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      en.validation.tagsMax,
    ],
    ['a 31-character tag', { title, content: 'x', tags: ['ok', 'z'.repeat(31)] }, en.validation.tagMax],
    ['an unknown category', { title, content: 'x', category: 'astrology' }, en.validation.categoryInvalid],
    ['a category given by name', { title, content: 'x', category: 'Housing' }, en.validation.categoryInvalid],
  ])('refuses %s with 400 and the English text', async (_label, payload, message) => {
    const response = await a().post('/api/questions', payload, alice.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: 'VALIDATION' });
  });

  it('stores nothing for a refused question', async () => {
    expect(await countQuestionsTitled(title)).toBe(0);
    expect(await countQuestionsTitled('T'.repeat(201))).toBe(0);
  });

  it('answers visitors and unknown sessions 401 and stores nothing', async () => {
    const payload = { title: 'A visitor asks', content: 'Hello' };
    const headerSets: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
    ];
    for (const headers of headerSets) {
      const response = await a().post('/api/questions', payload, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: en.errors.unauthorized, code: 'UNAUTHORIZED' });
    }
    expect(await countQuestionsTitled('A visitor asks')).toBe(0);
  });

  it('answers in Vietnamese for Accept-Language: vi', async () => {
    const vi = { 'accept-language': 'vi' };
    const blank = await a().post('/api/questions', { title: ' ', content: 'x' }, { ...alice.headers, ...vi });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: viText.validation.titleRequired, code: 'VALIDATION' });

    const manyTags = await a().post(
      '/api/questions',
      { title, content: 'x', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      { ...alice.headers, 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.8' },
    );
    expect(manyTags.json()).toEqual({ error: viText.validation.tagsMax, code: 'VALIDATION' });

    const visitor = await a().post('/api/questions', { title, content: 'x' }, vi);
    expect(visitor.json()).toEqual({ error: viText.errors.unauthorized, code: 'UNAUTHORIZED' });

    const question = await a().ask({ ...alice.headers, ...vi }, { category: 'housing' });
    expect(question.category).toBe('Nhà ở');
  });
});

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

describe('GET /api/questions/:id', () => {
  it("answers the question with Chloe's reply first and the others oldest first", async () => {
    // Straight into the database (not through the API), so no cached copy of the page exists yet.
    const now = Date.now();
    const [question] = await insertQuestions(t.db, [
      {
        authorId: alice.id,
        title: 'Which bank account should I open?',
        replyCount: 3,
        createdAt: new Date(now - 3 * HOUR_MS),
      },
    ]);
    const id = question!.id;
    const later = await insertReply(t.db, {
      questionId: id,
      authorId: mentor.id,
      content: 'Mentor, one hour ago',
      createdAt: new Date(now - HOUR_MS),
    });
    const earlier = await insertReply(t.db, {
      questionId: id,
      authorId: bob.id,
      content: 'Bob, two hours ago',
      createdAt: new Date(now - 2 * HOUR_MS),
    });
    const chloe = await insertReply(t.db, {
      questionId: id,
      authorId: null,
      content: 'Chloe: most banks let you open an account before you arrive.',
      isAiReply: true,
      createdAt: new Date(now - 10_000),
    });

    const detail = await a().detail(id, bob.headers);
    expect(detail.replies.map((r) => r.id)).toEqual([chloe.id, earlier.id, later.id]);
    expect(detail.replies[0]).toEqual({
      id: chloe.id,
      content: chloe.content,
      isAiReply: true,
      createdAt: chloe.createdAt.toISOString(),
      author: null,
      isOwn: false,
    });
    expect(detail.replies[1]).toMatchObject({
      isAiReply: false,
      isOwn: true,
      author: { displayName: 'Bob Nguyen' },
    });
    expect(detail.replies[2]).toMatchObject({ author: { displayName: 'Minh Mentor', role: 'mentor' } });

    // A new reply goes last; Chloe stays first.
    const after = await a().reply(alice.headers, id, 'Alice, just now');
    expect(after.replies.map((r) => r.content)).toEqual([
      chloe.content,
      'Bob, two hours ago',
      'Mentor, one hour ago',
      'Alice, just now',
    ]);
    expect(after.replyCount).toBe(4);

    // In lists, only Chloe's reply comes along, for the card's excerpt.
    const search = await a().list({ q: 'bank account' });
    expect(search.questions.find((q) => q.id === id)?.replies).toEqual([
      { content: chloe.content, isAiReply: true },
    ]);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await a().get(`/api/questions/${randomUUID()}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: en.errors.notFound, code: 'NOT_FOUND' });
  });

  it.each([
    ['GET', '/api/questions/not-a-uuid'],
    ['GET', '/api/questions/123'],
    ['DELETE', '/api/questions/not-a-uuid'],
    ['POST', '/api/questions/not-a-uuid/like'],
    ['POST', '/api/questions/not-a-uuid/bookmark'],
    ['POST', '/api/questions/zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz/replies'],
    ['DELETE', '/api/replies/not-a-uuid'],
    ['GET', '/api/questions/not-a-uuid/voice-note'],
  ] as const)('answers %s %s with 400', async (method, url) => {
    const response = await a().send({ method, url, headers: alice.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: en.validation.idInvalid, code: 'VALIDATION' });
  });
});

describe('GET /api/categories', () => {
  it('answers the seven categories in order with their counts', async () => {
    const response = await a().get('/api/categories');
    expect(response.statusCode).toBe(200);
    const { categories } = response.json<{
      categories: { slug: string; name: string; description: string; colour: string; count: number }[];
    }>();
    expect(categories.map((c) => c.slug)).toEqual([...CATEGORY_SLUGS]);
    const counts = await t.db.execute<{ slug: string; n: number }>(
      sql`select c.slug, count(q.id)::int as n from categories c left join questions q on q.category_id = c.id group by c.slug`,
    );
    const expected = new Map(counts.rows.map((row) => [row.slug, row.n]));
    for (const [i, category] of categories.entries()) {
      expect(category).toEqual({
        slug: CATEGORIES[i]!.slug,
        name: CATEGORIES[i]!.name.en,
        description: CATEGORIES[i]!.description.en,
        colour: CATEGORIES[i]!.colour,
        count: expected.get(category.slug),
      });
    }
    expect(categories.find((c) => c.slug === 'housing')!.count).toBeGreaterThan(0);
  });

  it('names them in the language of the request', async () => {
    const response = await a().get('/api/categories', { 'accept-language': 'vi' });
    const { categories } = response.json<{ categories: { name: string; description: string }[] }>();
    expect(categories.map((c) => c.name)).toEqual(CATEGORIES.map((c) => c.name.vi));
    expect(categories.map((c) => c.description)).toEqual(CATEGORIES.map((c) => c.description.vi));
  });
});

describe('likes and bookmarks', () => {
  let question: QuestionDetail;
  beforeAll(async () => {
    question = await a().ask(alice.headers, { title: 'Is the Opal card cheaper than paper tickets?' });
  });
  const like = (user: FastUser, body?: object) =>
    a().post(`/api/questions/${question.id}/like`, body, body ? { ...user.headers, ...json } : user.headers);
  const bookmark = (user: FastUser, body?: object) =>
    a().post(`/api/questions/${question.id}/bookmark`, body, user.headers);

  it('toggles a like when no body is sent', async () => {
    const first = await like(bob);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ liked: true, upvotes: 1 });
    expect((await a().detail(question.id, bob.headers)).liked).toBe(true);
    expect((await a().detail(question.id, mentor.headers)).liked).toBe(false);

    expect((await like(bob)).json()).toEqual({ liked: false, upvotes: 0 });
    expect((await a().detail(question.id, bob.headers)).liked).toBe(false);
  });

  it('sets the like idempotently when { liked } is sent', async () => {
    expect((await like(bob, { liked: true })).json()).toEqual({ liked: true, upvotes: 1 });
    expect((await like(bob, { liked: true })).json()).toEqual({ liked: true, upvotes: 1 });
    expect((await like(mentor, { liked: true })).json()).toEqual({ liked: true, upvotes: 2 });
    expect((await like(bob, { liked: false })).json()).toEqual({ liked: false, upvotes: 1 });
    expect((await like(bob, { liked: false })).json()).toEqual({ liked: false, upvotes: 1 });
    expect((await like(mentor, { liked: false })).json()).toEqual({ liked: false, upvotes: 0 });
    expect((await questionRow(t.db, question.id))?.upvotes).toBe(0);
  });

  it('toggles and sets bookmarks the same way and lists them under /api/me/bookmarks', async () => {
    expect((await bookmark(bob)).json()).toEqual({ bookmarked: true });
    expect((await a().detail(question.id, bob.headers)).bookmarked).toBe(true);
    expect((await bookmark(bob)).json()).toEqual({ bookmarked: false });
    expect((await bookmark(bob, { bookmarked: true })).json()).toEqual({ bookmarked: true });
    expect((await bookmark(bob, { bookmarked: true })).json()).toEqual({ bookmarked: true });
    const saved = (await a().get('/api/me/bookmarks', bob.headers)).json<{ questions: Question[] }>();
    expect(saved.questions.filter((q) => q.id === question.id)).toHaveLength(1);
    expect((await bookmark(bob, { bookmarked: false })).json()).toEqual({ bookmarked: false });
    const after = (await a().get('/api/me/bookmarks', bob.headers)).json<{ questions: Question[] }>();
    expect(ids(after.questions)).not.toContain(question.id);
  });

  it('answers visitors 401 and unknown questions 404', async () => {
    for (const action of ['like', 'bookmark']) {
      const visitor = await a().post(`/api/questions/${question.id}/${action}`);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({ error: en.errors.unauthorized, code: 'UNAUTHORIZED' });
      const unknown = await a().post(`/api/questions/${randomUUID()}/${action}`, undefined, bob.headers);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: en.errors.notFound, code: 'NOT_FOUND' });
    }
    const bad = await a().post(`/api/questions/${question.id}/like`, { liked: 'yes' }, bob.headers);
    expect(bad.statusCode).toBe(400);
  });

  it('counts 50 simultaneous likes and unlikes from 50 users exactly', async () => {
    const target = await a().ask(alice.headers, { title: 'A popular question' });
    const crowd = await createUsers(t.db, 50, { displayName: 'Crowd' });
    const likeAll = await Promise.all(
      crowd.map((user) => a().post(`/api/questions/${target.id}/like`, undefined, user.headers)),
    );
    expect(likeAll.map((r) => r.statusCode)).toEqual(crowd.map(() => 200));
    expect(likeAll.every((r) => r.json().liked === true)).toBe(true);
    // Each like saw the count right after its own: 1 to 50, each once.
    expect(likeAll.map((r) => r.json().upvotes as number).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    const [likeRows] = await t.db.select({ n: count() }).from(likes).where(eq(likes.questionId, target.id));
    expect(likeRows?.n).toBe(50);
    expect((await questionRow(t.db, target.id))?.upvotes).toBe(50);
    expect((await a().detail(target.id)).upvotes).toBe(50);

    const unlikeAll = await Promise.all(
      crowd.map((user) =>
        a().post(`/api/questions/${target.id}/like`, { liked: false }, { ...user.headers, ...json }),
      ),
    );
    expect(unlikeAll.every((r) => r.statusCode === 200 && r.json().liked === false)).toBe(true);
    const [after] = await t.db.select({ n: count() }).from(likes).where(eq(likes.questionId, target.id));
    expect(after?.n).toBe(0);
    expect((await questionRow(t.db, target.id))?.upvotes).toBe(0);
  });

  it('counts one like for many simultaneous { liked: true } from the same user', async () => {
    const target = await a().ask(alice.headers, { title: 'Double-clicked like' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        a().post(`/api/questions/${target.id}/like`, { liked: true }, { ...bob.headers, ...json }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200 && r.json().liked === true)).toBe(true);
    expect((await questionRow(t.db, target.id))?.upvotes).toBe(1);
  });
});

describe('replies', () => {
  let question: QuestionDetail;
  beforeAll(async () => {
    question = await a().ask(alice.headers, { title: 'Where can I get a tax file number?' });
  });

  it('answers 201 with the question, the trimmed reply last, and counts it', async () => {
    const before = (await a().detail(question.id)).replyCount;
    const response = await a().post(
      `/api/questions/${question.id}/replies`,
      { content: '  Apply online at the ATO website.  ' },
      bob.headers,
    );
    expect(response.statusCode).toBe(201);
    const detail = response.json<QuestionDetail>();
    expect(detail.id).toBe(question.id);
    expect(detail.replyCount).toBe(before + 1);
    expect(detail.replies.at(-1)).toMatchObject({
      content: 'Apply online at the ATO website.',
      isAiReply: false,
      author: { displayName: 'Bob Nguyen', role: 'student' },
      isOwn: true,
    });
    expect((await questionRow(t.db, question.id))?.replyCount).toBe(before + 1);
    expect((await a().list({ q: 'tax file number' })).questions[0]).toMatchObject({
      id: question.id,
      replyCount: before + 1,
    });
  });

  it('accepts 5,000 characters and refuses empty or longer replies', async () => {
    expect(
      (await a().reply(mentor.headers, question.id, 'R'.repeat(5_000))).replies.at(-1)?.content,
    ).toHaveLength(5_000);
    for (const [payload, message] of [
      [{ content: 'R'.repeat(5_001) }, en.validation.replyMax],
      [{ content: '   ' }, en.validation.replyRequired],
      [{ content: '' }, en.validation.replyRequired],
      [{}, en.validation.replyRequired],
    ] as const) {
      const response = await a().post(`/api/questions/${question.id}/replies`, payload, bob.headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message, code: 'VALIDATION' });
    }
  });

  it('answers visitors 401 and unknown questions 404', async () => {
    const visitor = await a().post(`/api/questions/${question.id}/replies`, { content: 'Hi' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: en.errors.unauthorized, code: 'UNAUTHORIZED' });
    const unknown = await a().post(`/api/questions/${randomUUID()}/replies`, { content: 'Hi' }, bob.headers);
    expect(unknown.statusCode).toBe(404);
  });

  it('lets authors delete their own reply and uncounts it', async () => {
    const posted = await a().reply(bob.headers, question.id, 'A reply Bob regrets');
    const replyId = posted.replies.at(-1)!.id;
    const response = await a().del(`/api/replies/${replyId}`, bob.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const detail = await a().detail(question.id);
    expect(detail.replyCount).toBe(posted.replyCount - 1);
    expect(detail.replies.map((r) => r.id)).not.toContain(replyId);
    expect((await a().del(`/api/replies/${replyId}`, bob.headers)).statusCode).toBe(404);
  });

  it("refuses to delete someone else's reply with 403, and lets admins", async () => {
    const posted = await a().reply(mentor.headers, question.id, 'A mentor reply');
    const replyId = posted.replies.at(-1)!.id;
    for (const user of [bob, alice]) {
      const response = await a().del(`/api/replies/${replyId}`, user.headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: en.errors.forbidden, code: 'FORBIDDEN' });
    }
    expect((await a().del(`/api/replies/${replyId}`)).statusCode).toBe(401);
    expect((await a().detail(question.id)).replyCount).toBe(posted.replyCount);

    expect((await a().del(`/api/replies/${replyId}`, admin.headers)).statusCode).toBe(200);
    const detail = await a().detail(question.id);
    expect(detail.replyCount).toBe(posted.replyCount - 1);
    expect(detail.replies.map((r) => r.id)).not.toContain(replyId);
    expect((await a().del(`/api/replies/${randomUUID()}`, admin.headers)).statusCode).toBe(404);
  });
});

describe('deleting questions', () => {
  it('lets authors delete their own question, which is then gone everywhere', async () => {
    const question = await a().ask(bob.headers, { title: 'A question Bob deletes', category: 'founders' });
    await a().reply(alice.headers, question.id, 'An answer');
    await a().post(`/api/questions/${question.id}/like`, undefined, alice.headers);
    await a().post(`/api/questions/${question.id}/bookmark`, undefined, alice.headers);
    expect(ids((await a().list({ sort: 'latest' })).questions)).toContain(question.id);

    const response = await a().del(`/api/questions/${question.id}`, bob.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await a().get(`/api/questions/${question.id}`)).statusCode).toBe(404);
    expect(ids((await a().list({ sort: 'latest' })).questions)).not.toContain(question.id);
    const mine = (await a().get('/api/me/questions', bob.headers)).json<{ questions: Question[] }>();
    expect(ids(mine.questions)).not.toContain(question.id);
    const saved = (await a().get('/api/me/bookmarks', alice.headers)).json<{ questions: Question[] }>();
    expect(ids(saved.questions)).not.toContain(question.id);
    const [left] = await t.db.select({ n: count() }).from(replies).where(eq(replies.questionId, question.id));
    expect(left?.n).toBe(0);
    expect((await a().del(`/api/questions/${question.id}`, bob.headers)).statusCode).toBe(404);
  });

  it("refuses to delete someone else's question with 403, and lets admins", async () => {
    const question = await a().ask(alice.headers, { title: 'A question others try to delete' });
    for (const user of [bob, mentor]) {
      const response = await a().del(`/api/questions/${question.id}`, user.headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: en.errors.forbidden, code: 'FORBIDDEN' });
    }
    expect((await a().del(`/api/questions/${question.id}`)).statusCode).toBe(401);
    expect((await a().get(`/api/questions/${question.id}`)).statusCode).toBe(200);

    expect((await a().del(`/api/questions/${question.id}`, admin.headers)).statusCode).toBe(200);
    expect((await a().get(`/api/questions/${question.id}`)).statusCode).toBe(404);
    expect((await a().del(`/api/questions/${randomUUID()}`, admin.headers)).statusCode).toBe(404);
  });
});

describe('reports', () => {
  let question: QuestionDetail;
  let replyId: string;
  beforeAll(async () => {
    question = await a().ask(alice.headers, { title: 'Cheap visa, DM me' });
    replyId = (await a().reply(alice.headers, question.id, 'Buy followers here')).replies.at(-1)!.id;
  });
  const reportQuestion = (user: FastUser, body: object, id = question.id) =>
    a().post(`/api/questions/${id}/report`, body, user.headers);
  const reportReply = (user: FastUser, body: object, id = replyId) =>
    a().post(`/api/replies/${id}/report`, body, user.headers);

  it('takes a report on a question, and only one open report per user', async () => {
    const first = await reportQuestion(bob, { reason: 'spam', details: '  Selling visas  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ ok: true });
    const [row] = await t.db
      .select()
      .from(reports)
      .where(and(eq(reports.questionId, question.id), eq(reports.reporterId, bob.id)));
    expect(row).toMatchObject({ reason: 'spam', details: 'Selling visas', status: 'open', replyId: null });

    const again = await reportQuestion(bob, { reason: 'abuse' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: en.errors.alreadyReported, code: 'ALREADY_REPORTED' });

    expect((await reportQuestion(mentor, { reason: 'misleading' })).statusCode).toBe(201);
    const [n] = await t.db.select({ n: count() }).from(reports).where(eq(reports.questionId, question.id));
    expect(n?.n).toBe(2);

    // Once moderators have closed it, the same user can report again.
    await t.db.update(reports).set({ status: 'resolved' }).where(eq(reports.id, row!.id));
    expect((await reportQuestion(bob, { reason: 'other' })).statusCode).toBe(201);
  });

  it('takes a report on a reply, and only one open report per user', async () => {
    const first = await reportReply(bob, { reason: 'personal-information' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ ok: true });
    const again = await reportReply(bob, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: en.errors.alreadyReported, code: 'ALREADY_REPORTED' });
    const rows = await t.db.select().from(reports).where(eq(reports.replyId, replyId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporterId: bob.id, questionId: null, reason: 'personal-information' });
  });

  it('refuses a missing or unknown reason and over-long details with 400', async () => {
    for (const [body, message] of [
      [{ reason: 'boring' }, en.validation.reasonInvalid],
      [{}, en.validation.reasonInvalid],
      [{ reason: 'spam', details: 'd'.repeat(1_001) }, en.validation.detailsMax],
    ] as const) {
      for (const response of [await reportQuestion(mentor, body), await reportReply(mentor, body)]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: message, code: 'VALIDATION' });
      }
    }
  });

  it('answers 404 for unknown targets and 401 for visitors', async () => {
    const unknownQuestion = await reportQuestion(bob, { reason: 'spam' }, randomUUID());
    expect(unknownQuestion.statusCode).toBe(404);
    expect(unknownQuestion.json()).toEqual({ error: en.errors.notFound, code: 'NOT_FOUND' });
    expect((await reportReply(bob, { reason: 'spam' }, randomUUID())).statusCode).toBe(404);
    expect((await a().post(`/api/questions/${question.id}/report`, { reason: 'spam' })).statusCode).toBe(401);
    expect((await a().post(`/api/replies/${replyId}/report`, { reason: 'spam' })).statusCode).toBe(401);
  });
});

describe('voice notes', () => {
  const ogg = () => voiceFixture('voice-3s.ogg');
  const upload = (user: FastUser | null, id: string, data: Buffer, type = 'audio/ogg') =>
    a().send({
      method: 'POST',
      url: `/api/questions/${id}/voice-note`,
      headers: { ...(user?.headers ?? {}), 'content-type': type },
      payload: data,
    });
  const myQuestion = async (user: FastUser, id: string) =>
    (await a().get('/api/me/questions', user.headers))
      .json<{ questions: Question[] }>()
      .questions.find((q) => q.id === id);

  it('stores an Ogg recording and serves its bytes back as audio/ogg', async () => {
    const question = await a().ask(alice.headers, { title: 'Voice note: how do I say this in English?' });
    const data = ogg();
    const response = await upload(alice, question.id, data);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });

    const played = await a().get(`/api/questions/${question.id}/voice-note`);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/ogg');
    // Only the listener's browser may keep it: a shared cache would serve it after the question is deleted.
    expect(played.headers['cache-control']).toBe('private, max-age=300');
    expect(Buffer.compare(played.rawPayload, data)).toBe(0);

    expect((await myQuestion(alice, question.id))?.hasVoiceNote).toBe(true);
    // The question page was cached when the question was posted; the upload clears it.
    expect((await a().detail(question.id)).hasVoiceNote).toBe(true);
    expect((await a().detail(question.id, alice.headers)).hasVoiceNote).toBe(true);
    const search = await a().list({ q: 'Voice note' });
    expect(search.questions.find((q) => q.id === question.id)?.hasVoiceNote).toBe(true);

    const second = await upload(alice, question.id, ogg());
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: en.errors.voiceNoteExists, code: 'VOICE_NOTE_EXISTS' });
    expect(Buffer.compare((await a().get(`/api/questions/${question.id}/voice-note`)).rawPayload, data)).toBe(
      0,
    );
  });

  it('sniffs the type from the bytes and does not trust the Content-Type', async () => {
    const question = await a().ask(alice.headers, { title: 'Voice note with a lying content type' });
    const noise = randomBytes(4_096);
    noise.fill(0, 0, 12); // no magic number by chance
    const refused = await upload(alice, question.id, noise, 'audio/webm');
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ error: en.errors.voiceNoteInvalid, code: 'INVALID_AUDIO' });
    expect((await myQuestion(alice, question.id))?.hasVoiceNote).toBe(false);
    expect((await a().get(`/api/questions/${question.id}/voice-note`)).statusCode).toBe(404);

    // Real WebM bytes sent as a generic binary are stored as WebM.
    const webm = voiceFixture('voice-3s-chrome.webm');
    expect((await upload(alice, question.id, webm, 'application/octet-stream')).statusCode).toBe(201);
    const played = await a().get(`/api/questions/${question.id}/voice-note`);
    expect(played.headers['content-type']).toBe('audio/webm');
  });

  it('refuses content types that are not audio with 415', async () => {
    const question = await a().ask(alice.headers, { title: 'Voice note sent as an image' });
    expect((await upload(alice, question.id, ogg(), 'image/png')).statusCode).toBe(415);
    expect((await upload(alice, question.id, ogg(), 'text/plain')).statusCode).toBe(415);
    // Browsers record WebM, Ogg or MP4, never MP3: it is refused by its type and by its bytes.
    const mp3 = Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\0', 'latin1'), Buffer.alloc(2_000, 0xff)]);
    const byType = await upload(alice, question.id, mp3, 'audio/mpeg');
    expect(byType.statusCode).toBe(415);
    expect(byType.json()).toEqual({ error: en.errors.unsupportedMediaType, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const byBytes = await upload(alice, question.id, mp3, 'application/octet-stream');
    expect(byBytes.statusCode).toBe(415);
    expect(byBytes.json()).toEqual({ error: en.errors.voiceNoteInvalid, code: 'INVALID_AUDIO' });
    const [stored] = await t.db
      .select({ n: count() })
      .from(voiceNotes)
      .where(eq(voiceNotes.questionId, question.id));
    expect(stored?.n).toBe(0);
  });

  it("refuses someone else's question with 403, visitors with 401 and unknown questions with 404", async () => {
    const question = await a().ask(alice.headers, { title: 'Voice note others try to add' });
    for (const user of [bob, admin]) {
      const response = await upload(user, question.id, ogg());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: en.errors.forbidden, code: 'FORBIDDEN' });
    }
    expect((await upload(null, question.id, ogg())).statusCode).toBe(401);
    expect((await upload(alice, randomUUID(), ogg())).statusCode).toBe(404);
    expect((await a().get(`/api/questions/${randomUUID()}/voice-note`)).statusCode).toBe(404);
  });

  it('accepts 3 MB and refuses anything larger with 413', async () => {
    const question = await a().ask(alice.headers, { title: 'A long voice note' });
    const tooLarge = await upload(
      alice,
      question.id,
      paddedMp4(voiceFixture('voice-3s.m4a'), 3 * 1024 * 1024 + 1),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: en.errors.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    expect((await myQuestion(alice, question.id))?.hasVoiceNote).toBe(false);

    const largest = paddedMp4(voiceFixture('voice-3s.m4a'), 3 * 1024 * 1024);
    expect((await upload(alice, question.id, largest, 'audio/mp4')).statusCode).toBe(201);
    const [stored] = await t.db
      .select({ bytes: voiceNotes.byteLength, mime: voiceNotes.mimeType })
      .from(voiceNotes)
      .where(eq(voiceNotes.questionId, question.id));
    expect(stored).toEqual({ bytes: 3 * 1024 * 1024, mime: 'audio/mp4' });
  });

  it.each([
    ['voice-3s-chrome.webm', 'audio/webm', 'audio/webm'],
    ['voice-3s-chrome.mp4', 'audio/mp4', 'audio/mp4'],
    ['voice-3s.webm', 'audio/webm', 'audio/webm'],
    ['voice-3s.ogg', 'audio/ogg', 'audio/ogg'],
    ['voice-3s.m4a', 'audio/x-m4a', 'audio/mp4'],
    ['voice-3s-fragmented.mp4', 'audio/mp4', 'audio/mp4'],
  ])('accepts a short recording: %s sent as %s', async (name, type, stored) => {
    const question = await a().ask(alice.headers, { title: `A short voice note in ${name}` });
    expect((await upload(alice, question.id, voiceFixture(name), type)).statusCode).toBe(201);
    expect((await a().get(`/api/questions/${question.id}/voice-note`)).headers['content-type']).toBe(stored);
  });

  it.each([
    ['voice-125s-chrome.webm', 'audio/webm'],
    ['voice-125s.ogg', 'audio/ogg'],
    ['voice-125s.m4a', 'audio/mp4'],
    ['voice-125s-fragmented.mp4', 'audio/mp4'],
  ])('refuses a recording over 2 minutes with 422: %s', async (name, type) => {
    const question = await a().ask(alice.headers, { title: `A voice note of 125 s in ${name}` });
    const refused = await upload(alice, question.id, voiceFixture(name), type);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: 'This voice note is longer than 2 minutes. Please record a shorter one.',
      code: 'VOICE_NOTE_TOO_LONG',
    });
    expect((await myQuestion(alice, question.id))?.hasVoiceNote).toBe(false);
  });

  it('allows a recording stopped at 2 minutes a second of slack, and no more', async () => {
    const justOver = await a().ask(alice.headers, { title: 'A voice note stopped a moment late' });
    expect((await upload(alice, justOver.id, chromeWebmEndingAt(120_900), 'audio/webm')).statusCode).toBe(
      201,
    );
    const tooLate = await a().ask(alice.headers, { title: 'A voice note stopped too late' });
    const refused = await upload(alice, tooLate.id, chromeWebmEndingAt(121_100), 'audio/webm');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ code: string }>().code).toBe('VOICE_NOTE_TOO_LONG');
  });

  it('says a recording is too long in the caller’s language', async () => {
    const question = await a().ask(alice.headers, { title: 'Một ghi âm quá dài' });
    const refused = await a().send({
      method: 'POST',
      url: `/api/questions/${question.id}/voice-note`,
      headers: { ...alice.headers, 'content-type': 'audio/ogg', 'accept-language': 'vi' },
      payload: voiceFixture('voice-125s.ogg'),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: viText.errors.voiceNoteTooLong.replace('{{minutes}}', '2'),
      code: 'VOICE_NOTE_TOO_LONG',
    });
  });

  it.each([
    ['voice-3s-chrome.webm', 'audio/webm'],
    ['voice-3s.ogg', 'audio/ogg'],
    ['voice-3s-fragmented.mp4', 'audio/mp4'],
  ])('refuses %s cut short, or with its magic number followed by noise, with 415', async (name, type) => {
    const question = await a().ask(alice.headers, { title: `A damaged voice note in ${name}` });
    const whole = voiceFixture(name);
    const noise = Buffer.concat([whole.subarray(0, 12), randomBytes(2_000)]);
    // Cut inside the last block or page: cut between two, a live recording is just a shorter one.
    for (const data of [whole.subarray(0, whole.length - 7), noise]) {
      const refused = await upload(alice, question.id, data, type);
      expect(refused.statusCode).toBe(415);
      expect(refused.json()).toEqual({ error: en.errors.voiceNoteInvalid, code: 'INVALID_AUDIO' });
    }
    expect((await myQuestion(alice, question.id))?.hasVoiceNote).toBe(false);
  });
});

describe('/api/me/questions and /api/me/bookmarks', () => {
  it("answers the viewer's own questions, anonymous ones included, newest first", async () => {
    const carol = await createUser(t.db, { displayName: 'Carol Pham' });
    const first = await a().ask(carol.headers, { title: 'Carol asks openly' });
    const second = await a().ask(carol.headers, { title: 'Carol asks anonymously', isAnonymous: true });
    const response = await a().get('/api/me/questions', carol.headers);
    expect(response.statusCode).toBe(200);
    const { questions: mine } = response.json<{ questions: Question[] }>();
    expect(ids(mine)).toEqual([second.id, first.id]);
    expect(mine[0]).toMatchObject({ isAnonymous: true, author: null, isOwn: true });
    expect(mine[1]).toMatchObject({ author: { displayName: 'Carol Pham', role: 'student' }, isOwn: true });
    expect(response.body).not.toContain(carol.id);
  });

  it('answers the questions the viewer saved, most recently saved first, with their flags', async () => {
    const dan = await createUser(t.db, { displayName: 'Dan Le' });
    const older = await a().ask(alice.headers, { title: 'Saved second' });
    const newer = await a().ask(bob.headers, { title: 'Saved first' });
    await a().post(`/api/questions/${newer.id}/bookmark`, undefined, dan.headers);
    await a().post(`/api/questions/${older.id}/bookmark`, undefined, dan.headers);
    await a().post(`/api/questions/${older.id}/like`, undefined, dan.headers);
    const { questions: saved } = (await a().get('/api/me/bookmarks', dan.headers)).json<{
      questions: Question[];
    }>();
    expect(ids(saved)).toEqual([older.id, newer.id]);
    expect(saved.map((q) => [q.bookmarked, q.liked])).toEqual([
      [true, true],
      [true, false],
    ]);
    expect((await a().get('/api/me/questions', dan.headers)).json()).toEqual({ questions: [] });
  });

  it('answers visitors 401', async () => {
    for (const url of ['/api/me/questions', '/api/me/bookmarks']) {
      const response = await a().get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: en.errors.unauthorized, code: 'UNAUTHORIZED' });
    }
  });
});

describe('markup in user content', () => {
  const script = '<script>alert(1)</script>';
  const img = '<img src=x onerror=alert(1)>';

  it('stores and returns titles, contents, tags and replies verbatim, as JSON', async () => {
    const created = await a().post(
      '/api/questions',
      {
        title: `${script} ${img}`,
        content: `Hello ${img}\n${script} & "quotes" 'too'`,
        tags: [script, img],
      },
      alice.headers,
    );
    expect(created.statusCode).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/json/);
    const question = created.json<QuestionDetail>();
    expect(question.title).toBe(`${script} ${img}`);
    expect(question.content).toBe(`Hello ${img}\n${script} & "quotes" 'too'`);
    expect(question.tags).toEqual([script, img]);
    const row = await questionRow(t.db, question.id);
    expect(row).toMatchObject({ title: question.title, content: question.content, tags: [script, img] });

    const replied = await a().post(
      `/api/questions/${question.id}/replies`,
      { content: `${img}${script}` },
      bob.headers,
    );
    expect(replied.headers['content-type']).toMatch(/^application\/json/);

    for (const response of [
      await a().get(`/api/questions/${question.id}`),
      await a().get('/api/questions?sort=latest'),
      await a().get('/api/me/questions', alice.headers),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.body).toContain(JSON.stringify(`${script} ${img}`));
    }
    const detail = await a().detail(question.id);
    expect(detail).toMatchObject({ title: question.title, content: question.content, tags: [script, img] });
    expect(detail.replies.at(-1)?.content).toBe(`${img}${script}`);
  });
});

/**
 * The feed, in a database of its own: its rows are inserted straight into the database (varied ages and
 * counts, past the posting limits) before anything reads the feed, so no cached first page predates them.
 */
describe('GET /api/questions', () => {
  const l = useTestApp(RELAXED_LIMITS);
  const la = () => api(l.app);
  const now = Date.now();
  const ago = (hours: number) => new Date(now - hours * HOUR_MS);
  let writer: FastUser;
  let viewer: FastUser;
  let other: FastUser;
  /** Every question of the feed that is outside the SOS lane, and the lane's. */
  let feedIds: string[];
  const named = {} as Record<'rent' | 'vi' | 'tag' | 'oldUrgent' | 'sos' | 'flood' | 'evicted', string>;
  const regularCategories: CategorySlug[] = ['housing', 'student-support', 'work-career', 'immigration-help'];

  beforeAll(async () => {
    await seedCategories(l.db);
    writer = await createUser(l.db, { displayName: 'Feed Writer', ageMs: 30 * DAY_MS });
    const readers = await createUsers(l.db, 2, { displayName: 'Reader' });
    viewer = readers[0]!;
    other = readers[1]!;
    const regular = await insertQuestions(
      l.db,
      Array.from({ length: 25 }, (_, i) => ({
        authorId: writer.id,
        title: `Regular question number ${i}`,
        content: 'Filler text for the feed.',
        category: regularCategories[i % regularCategories.length]!,
        upvotes: (i * 7) % 11,
        replyCount: (i * 3) % 5,
        createdAt: ago(0.2 + i * 0.9),
      })),
    );
    const special = await insertQuestions(l.db, [
      {
        authorId: writer.id,
        title: 'Bond and lease worries',
        content: 'Is the weekly rent fair for a studio in Carlton?',
        category: 'housing',
        upvotes: 2,
        createdAt: ago(30),
      },
      {
        authorId: writer.id,
        title: 'Tìm phòng trọ gần trường',
        content: 'Mình cần tìm phòng trọ giá rẻ ở Melbourne, ai biết chỉ giúp với.',
        category: 'housing',
        createdAt: ago(31),
      },
      {
        authorId: writer.id,
        title: 'Seeing a doctor for the first time',
        content: 'How do I book an appointment?',
        category: 'health-well-being',
        tags: ['medicare', 'gp'],
        createdAt: ago(32),
      },
      {
        authorId: writer.id,
        title: 'Urgent but old: lost passport',
        content: 'This happened last week.',
        category: 'emergency-sos',
        isUrgent: true,
        upvotes: 4,
        createdAt: ago(100),
      },
    ]);
    const lane = await insertQuestions(l.db, [
      {
        authorId: writer.id,
        title: 'SOS right now',
        category: 'emergency-sos',
        isUrgent: true,
        createdAt: ago(2),
      },
      {
        authorId: writer.id,
        title: 'Flooded apartment tonight',
        content: 'Water is coming in.',
        category: 'emergency-sos',
        isUrgent: true,
        createdAt: ago(5),
      },
      {
        authorId: writer.id,
        title: 'Evicted in three days',
        category: 'housing',
        isUrgent: true,
        createdAt: ago(70),
      },
    ]);
    const [rent, vi, tag, oldUrgent] = special.map((q) => q.id);
    const [sos, flood, evicted] = lane.map((q) => q.id);
    Object.assign(named, { rent, vi, tag, oldUrgent, sos, flood, evicted });
    feedIds = [...regular, ...special].map((q) => q.id);
  });

  const sorted = (list: string[]) => [...list].sort();

  /** The feed's rows outside the lane, in the order the trending formula gives at `at`. */
  async function expectedTrending(at: number): Promise<string[]> {
    const rows = await l.db
      .select({
        id: questions.id,
        upvotes: questions.upvotes,
        replyCount: questions.replyCount,
        createdAt: questions.createdAt,
      })
      .from(questions);
    const inFeed = new Set(feedIds);
    return rows
      .filter((row) => inFeed.has(row.id))
      .map((row) => ({
        ...row,
        score: trendingScore(row.upvotes, row.replyCount, (at - row.createdAt.getTime()) / HOUR_MS),
      }))
      .sort(
        (x, y) =>
          y.score - x.score || y.createdAt.getTime() - x.createdAt.getTime() || (y.id < x.id ? -1 : 1),
      )
      .map((row) => row.id);
  }

  it('sorts by trending by default, 20 to a page', async () => {
    const before = await expectedTrending(Date.now());
    const page = await la().list();
    const after = await expectedTrending(Date.now());
    expect(after).toEqual(before); // the fixture has no near-ties
    expect(page.questions).toHaveLength(20);
    expect(ids(page.questions)).toEqual(before.slice(0, 20));
    expect(page.nextCursor).toEqual(expect.any(String));
    expect(ids((await la().list({ sort: 'trending' })).questions)).toEqual(ids(page.questions));
  });

  it('sorts newest first with sort=latest', async () => {
    const page = await la().list({ sort: 'latest', limit: 50 });
    const times = page.questions.map((q) => Date.parse(q.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(sorted(ids(page.questions))).toEqual(sorted(feedIds));
    expect(page.questions[0]?.title).toBe('Regular question number 0');
    expect(page.nextCursor).toBeNull();
  });

  it('takes a limit of 1 to 50', async () => {
    expect((await la().list({ limit: 50 })).questions).toHaveLength(feedIds.length);
    expect((await la().list({ limit: 1 })).questions).toHaveLength(1);
    for (const limit of ['51', '0', '-1', '2.5', 'ten']) {
      const response = await la().get(`/api/questions?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
  });

  it.each(['latest', 'trending'] as const)(
    'walks every question exactly once with the cursor, sort=%s',
    async (sort) => {
      const pages = await la().walk({ sort, limit: 7 });
      expect(pages).toHaveLength(Math.ceil(feedIds.length / 7));
      const walked = pages.flatMap((page) => ids(page.questions));
      expect(walked).toHaveLength(feedIds.length);
      expect(sorted(walked)).toEqual(sorted(feedIds));
      expect(pages[0]!.urgent.length).toBeGreaterThan(0);
      expect(pages.slice(1).every((page) => page.urgent.length === 0)).toBe(true);
      if (sort === 'latest') {
        const times = pages.flatMap((page) => page.questions.map((q) => Date.parse(q.createdAt)));
        expect(times).toEqual([...times].sort((x, y) => y - x));
      } else {
        expect(walked).toEqual(await expectedTrending(Date.now()));
      }
    },
  );

  it('refuses a cursor it did not make with 400', async () => {
    const latest = (await la().list({ sort: 'latest', limit: 5 })).nextCursor!;
    const trending = (await la().list({ sort: 'trending', limit: 5 })).nextCursor!;
    for (const [sort, cursor] of [
      ['latest', 'garbage'],
      ['trending', 'garbage'],
      ['latest', Buffer.from('{"createdAt":"yesterday"}').toString('base64url')],
      ['trending', Buffer.from('[1,2,3]').toString('base64url')],
      ['trending', latest],
      ['latest', trending],
      [
        'latest',
        Buffer.from(`{"createdAt":"2026-01-01T00:00:00.000Z","id":"${'-'.repeat(36)}"}`).toString(
          'base64url',
        ),
      ],
      ['latest', Buffer.from(`{"createdAt":"1","id":"${randomUUID()}"}`).toString('base64url')],
      [
        'latest',
        Buffer.from(`{"createdAt":"+275760-09-13T00:00:00.000Z","id":"${randomUUID()}"}`).toString(
          'base64url',
        ),
      ],
      ['trending', Buffer.from('{"at":"2026-01-01T00:00:00.000Z","offset":1e300}').toString('base64url')],
      [
        'trending',
        Buffer.from(`{"at":"2026-01-01T00:00:00.000Z","offset":${2 ** 63}}`).toString('base64url'),
      ],
      ['trending', Buffer.from('{"at":"1","offset":0}').toString('base64url')],
    ]) {
      const response = await la().get(`/api/questions?sort=${sort}&cursor=${encodeURIComponent(cursor!)}`);
      expect(response.statusCode, `${sort} ${cursor}`).toBe(400);
      expect(response.json()).toEqual({ error: en.validation.cursorInvalid, code: 'VALIDATION' });
    }
  });

  it('filters by category, in the lane too', async () => {
    const page = await la().list({ category: 'housing', limit: 50 });
    expect(page.questions.every((q) => q.categorySlug === 'housing')).toBe(true);
    // 7 of the 25 regular ones, the rent question and the Vietnamese one; the recent SOS one is in the lane.
    expect(page.questions).toHaveLength(9);
    expect(ids(page.urgent)).toEqual([named.evicted]);

    const sos = await la().list({ category: 'emergency-sos', sort: 'latest' });
    expect(ids(sos.questions)).toEqual([named.oldUrgent]);
    expect(ids(sos.urgent)).toEqual([named.sos, named.flood]);

    const unknown = await la().get('/api/questions?category=astrology');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: en.validation.categoryInvalid, code: 'VALIDATION' });
  });

  it('keeps urgent questions of the last 72 hours in their own lane, newest first', async () => {
    for (const sort of ['trending', 'latest']) {
      const page = await la().list({ sort, limit: 50 });
      expect(ids(page.urgent)).toEqual([named.sos, named.flood, named.evicted]);
      expect(page.urgent.every((q) => q.isUrgent)).toBe(true);
      const listed = ids(page.questions);
      for (const id of [named.sos, named.flood, named.evicted]) expect(listed).not.toContain(id);
      // An older SOS question competes with the others.
      expect(page.questions.find((q) => q.id === named.oldUrgent)?.isUrgent).toBe(true);
    }
  });

  it('searches English with stemming, Vietnamese with diacritics, and tags', async () => {
    const search = async (q: string) => la().list({ q, limit: 50 });
    expect(ids((await search('renting')).questions)).toEqual([named.rent]);
    expect(ids((await search('rents')).questions)).toEqual([named.rent]);
    expect(ids((await search('phòng trọ')).questions)).toEqual([named.vi]);
    expect(ids((await search('trọ')).questions)).toEqual([named.vi]);
    expect(ids((await search('medicare')).questions)).toEqual([named.tag]);
    expect((await search('xylophone quasar')).questions).toEqual([]);
    const regular = await search('regular question');
    expect(regular.questions).toHaveLength(25);
  });

  it('searches the urgent questions too, listing them among the results', async () => {
    const result = await la().list({ q: 'flooded' });
    expect(ids(result.questions)).toEqual([named.flood]);
    expect(result.questions[0]?.isUrgent).toBe(true);
    expect(result.urgent).toEqual([]);
  });

  it('marks what each viewer liked and saved, in the lane too', async () => {
    const target = feedIds[3]!;
    const saved = feedIds[5]!;
    expect((await la().post(`/api/questions/${target}/like`, undefined, viewer.headers)).statusCode).toBe(
      200,
    );
    expect((await la().post(`/api/questions/${named.sos}/like`, undefined, viewer.headers)).statusCode).toBe(
      200,
    );
    expect((await la().post(`/api/questions/${saved}/bookmark`, undefined, viewer.headers)).statusCode).toBe(
      200,
    );

    const mine = await la().list({ sort: 'latest', limit: 50 }, viewer.headers);
    const flags = new Map([...mine.questions, ...mine.urgent].map((q) => [q.id, [q.liked, q.bookmarked]]));
    expect(flags.get(target)).toEqual([true, false]);
    expect(flags.get(saved)).toEqual([false, true]);
    expect(flags.get(named.sos)).toEqual([true, false]);
    const flagged = [...flags].filter(([, [liked, saved]]) => liked || saved).map(([id]) => id);
    expect(sorted(flagged)).toEqual(sorted([target, saved, named.sos]));

    for (const headers of [other.headers, {}]) {
      const page = await la().list({ sort: 'latest', limit: 50 }, headers);
      expect([...page.questions, ...page.urgent].some((q) => q.liked || q.bookmarked)).toBe(false);
    }
    // Search pages carry the flags as well.
    const found = await la().list({ q: 'regular question', limit: 50 }, viewer.headers);
    expect(found.questions.find((q) => q.id === target)?.liked).toBe(true);
  });

  it('counts the questions of each category', async () => {
    const { categories } = (await la().get('/api/categories')).json<{
      categories: { slug: string; count: number }[];
    }>();
    expect(Object.fromEntries(categories.map((c) => [c.slug, c.count]))).toEqual({
      'immigration-help': 6,
      'student-support': 6,
      housing: 7 + 2 + 1,
      'health-well-being': 1,
      'work-career': 6,
      founders: 0,
      'emergency-sos': 3,
    });
  });
});

describe('latest-first pages with questions asked in the same instant', () => {
  const s2 = useTestApp(RELAXED_LIMITS);

  it('walks all of them: the cursor keeps microseconds', async () => {
    await seedCategories(s2.db);
    const writer = await createUser(s2.db, { displayName: 'Same Instant', ageMs: 30 * DAY_MS });
    const instant = new Date(Date.now() - 10 * HOUR_MS);
    const rows = await insertQuestions(
      s2.db,
      Array.from({ length: 12 }, (_, i) => ({
        authorId: writer.id,
        title: `Same instant ${i}`,
        createdAt: instant,
      })),
    );
    // And one three microseconds later: the same millisecond for JavaScript.
    await s2.db.execute(
      sql`update questions set created_at = created_at + interval '3 microseconds' where id = ${rows[0]!.id}`,
    );
    const pages = await api(s2.app).walk({ sort: 'latest', limit: 5 });
    const walked = pages.flatMap((page) => ids(page.questions));
    expect(walked).toHaveLength(12);
    expect(new Set(walked).size).toBe(12);
  });
});

describe('deleting one reply twice at once', () => {
  const s3 = useTestApp(RELAXED_LIMITS);

  it('moves the reply count once', async () => {
    await seedCategories(s3.db);
    const [author, replier] = await createUsers(s3.db, 2, { displayName: 'Deleter', ageMs: 30 * DAY_MS });
    const question = await api(s3.app).ask(author!.headers, { title: 'Two replies' });
    await insertReply(s3.db, { questionId: question.id, authorId: replier!.id, content: 'first' });
    const second = await insertReply(s3.db, {
      questionId: question.id,
      authorId: replier!.id,
      content: 'second',
    });
    await s3.db.update(questions).set({ replyCount: 2 }).where(eq(questions.id, question.id));
    const results = await Promise.all(
      [0, 1].map(() => api(s3.app).del(`/api/replies/${second.id}`, replier!.headers)),
    );
    expect(results.map((r) => r.statusCode).sort()).toContain(200);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    expect((await questionRow(s3.db, question.id))?.replyCount).toBe(1);
  });
});

describe('what visitors are sent', () => {
  const s4 = useTestApp(RELAXED_LIMITS);

  it('lists the start of a long question and the page has all of it, compressed when asked', async () => {
    await seedCategories(s4.db);
    const writer = await createUser(s4.db, { displayName: 'Long Writer', ageMs: 30 * DAY_MS });
    const long = `${'Word '.repeat(300)}end of the story`;
    // Enough questions that the page is worth compressing (over 1 KB).
    await insertQuestions(
      s4.db,
      [1, 2, 3].map((n) => ({ authorId: writer.id, title: `Other ${n}`, content: long })),
    );
    const question = await api(s4.app).ask(writer.headers, { title: 'A very long question', content: long });

    const listed = (await api(s4.app).list({ sort: 'latest' })).questions.find((q) => q.id === question.id)!;
    expect(listed.content.length).toBeLessThanOrEqual(401);
    expect(listed.content.endsWith('…')).toBe(true);
    expect(long.startsWith(listed.content.slice(0, -1))).toBe(true);
    expect((await api(s4.app).detail(question.id)).content).toBe(long);

    for (const encoding of ['br', 'gzip'] as const) {
      const response = await s4.app.inject({
        url: '/api/questions?sort=latest',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      const text = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(response.rawPayload).toString(
        'utf8',
      );
      expect(JSON.parse(text)).toEqual(await api(s4.app).list({ sort: 'latest' }));
    }
  });
});
