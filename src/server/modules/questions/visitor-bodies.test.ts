import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';
import { seedCategories } from './categories';
import { api, createUser, DAY_MS, insertQuestions, RELAXED_LIMITS } from './questions.test-helpers';

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
