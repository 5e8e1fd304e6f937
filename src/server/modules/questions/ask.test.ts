import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_SLUGS, type CategorySlug } from '../../../shared/categories';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { pagesVi } from '../../../shared/i18n/pages.vi';
import type { QuestionDetail } from '../../../shared/schemas/questions';
import { questions } from '../../db/schema';
import { questionRow, useQuestionsApp } from './questions.test-helpers';

const { t, a, alice, bob } = useQuestionsApp();

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
    ['a missing title', { content: 'x' }, pagesEn.validation.titleRequired],
    ['an empty title', { title: '', content: 'x' }, pagesEn.validation.titleRequired],
    ['a title of spaces', { title: '   \n ', content: 'x' }, pagesEn.validation.titleRequired],
    ['a title that is not a string', { title: 42, content: 'x' }, pagesEn.validation.titleRequired],
    ['a 201-character title', { title: 'T'.repeat(201), content: 'x' }, pagesEn.validation.titleMax],
    ['a missing content', { title }, pagesEn.validation.contentRequired],
    ['a content of spaces', { title, content: '    ' }, pagesEn.validation.contentRequired],
    ['a 10,001-character content', { title, content: 'C'.repeat(10_001) }, pagesEn.validation.contentMax],
    [
      'eleven tags',
      { title, content: 'x', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      pagesEn.validation.tagsMax,
    ],
    ['a 31-character tag', { title, content: 'x', tags: ['ok', 'z'.repeat(31)] }, pagesEn.validation.tagMax],
    [
      'an unknown category',
      { title, content: 'x', category: 'astrology' },
      pagesEn.validation.categoryInvalid,
    ],
    [
      'a category name that is not one of the seven',
      { title, content: 'x', category: 'Housing Help' },
      pagesEn.validation.categoryInvalid,
    ],
    [
      'a category that is not a string',
      { title, content: 'x', category: 7 },
      pagesEn.validation.categoryInvalid,
    ],
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
      expect(response.json()).toEqual({ error: pagesEn.errors.unauthorized, code: 'UNAUTHORIZED' });
    }
    expect(await countQuestionsTitled('A visitor asks')).toBe(0);
  });

  it('answers in Vietnamese for Accept-Language: vi', async () => {
    const vi = { 'accept-language': 'vi' };
    const blank = await a().post('/api/questions', { title: ' ', content: 'x' }, { ...alice.headers, ...vi });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: pagesVi.validation.titleRequired, code: 'VALIDATION' });

    const manyTags = await a().post(
      '/api/questions',
      { title, content: 'x', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      { ...alice.headers, 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.8' },
    );
    expect(manyTags.json()).toEqual({ error: pagesVi.validation.tagsMax, code: 'VALIDATION' });

    const visitor = await a().post('/api/questions', { title, content: 'x' }, vi);
    expect(visitor.json()).toEqual({ error: pagesVi.errors.unauthorized, code: 'UNAUTHORIZED' });

    const question = await a().ask({ ...alice.headers, ...vi }, { category: 'housing' });
    expect(question.category).toBe('Nhà ở');
  });
});

describe('the category of a new question', () => {
  it.each([
    ['housing', 'housing', 'Housing'],
    ['Housing', 'housing', 'Housing'],
    ['  health & well-being ', 'health-well-being', 'Health & Well-being'],
    ['Work & Career', 'work-career', 'Work & Career'],
    ['Hỗ trợ di trú', 'immigration-help', 'Immigration Help'],
    ['KHẨN CẤP SOS', 'emergency-sos', 'Emergency SOS'],
    ['Nhà ở'.normalize('NFD'), 'housing', 'Housing'],
  ])('accepts %j, the slug or a display name in either language', async (given, slug, name) => {
    const question = await a().ask(alice.headers, { category: given });
    expect(question.categorySlug).toBe(slug);
    expect(question.category).toBe(name);
  });
});

describe('GET /api/categories', () => {
  it('counts every question for All Topics, with a category or without', async () => {
    await a().ask(alice.headers, { category: null });
    const { categories, total } = (await a().get('/api/categories')).json<{
      categories: { count: number }[];
      total: number;
    }>();
    const [all] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from questions`)).rows;
    expect(total).toBe(all!.n);
    expect(total).toBeGreaterThan(categories.reduce((sum, c) => sum + c.count, 0));
  });

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
