import { beforeAll, describe, expect, it } from 'vitest';
import type { SimilarResponse } from '../../../shared/schemas/ai';
import { loadKnowledge, syncKnowledge } from '../../db/seed/knowledge';
import { useTestApp } from '../../test/helpers';
import { api, createUser, RELAXED_LIMITS } from '../questions/questions.test-helpers';

const t = useTestApp(RELAXED_LIMITS);
let answered = '';
let unanswered = '';

beforeAll(async () => {
  await syncKnowledge(t.db, loadKnowledge());
  const [asker, helper] = [await createUser(t.db), await createUser(t.db)];
  answered = (await api(t.app).ask(asker.headers, { title: 'Landlord kept my whole bond after I moved out' }))
    .id;
  await api(t.app).reply(
    helper.headers,
    answered,
    'Apply to your state’s bond authority; the landlord must prove the damage.',
  );
  unanswered = (
    await api(t.app).ask(asker.headers, { title: 'Landlord kept my bond and the cleaning money' })
  ).id;
});

const similar = async (q: string, language = 'en') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/ai/similar?q=${encodeURIComponent(q)}`,
    headers: { 'accept-language': language },
  });
  expect(response.statusCode).toBe(200);
  return response.json<SimilarResponse>();
};

describe('GET /api/ai/similar', () => {
  it('finds the answered community questions and the articles Chloe would cite, in the reader’s language', async () => {
    const found = await similar('My landlord kept my bond when I moved out, what can I do?');
    expect(found.questions.map((question) => question.id)).toContain(answered);
    // Only a question a person answered: the one waiting for an answer is not offered.
    expect(found.questions.map((question) => question.id)).not.toContain(unanswered);
    expect(found.questions.length).toBeLessThanOrEqual(3);
    const bond = found.articles.find((article) => article.id === 'bond-and-cleaning')!;
    expect(bond.title).toBe(loadKnowledge().find((a) => a.id === 'bond-and-cleaning')!.title.en);
    expect(bond.source.url).toMatch(/^https:\/\//);
    const vi = await similar('My landlord kept my bond when I moved out, what can I do?', 'vi');
    expect(vi.articles.find((article) => article.id === 'bond-and-cleaning')!.title).toBe(
      loadKnowledge().find((a) => a.id === 'bond-and-cleaning')!.title.vi,
    );
  });

  it('offers no question that shares only a common word and a stop word', async () => {
    const found = await similar('Chủ nhà không trả lại tiền bond cho tôi', 'vi');
    expect(found.questions.map((question) => question.title)).not.toContain('Em thấy không an toàn ở nhà');
    expect(found.articles.map((article) => article.id)).toContain('bond-and-cleaning');
  });

  it('looks nothing up for a word or two, and refuses a text over 2,000 characters', async () => {
    expect(await similar('bond')).toEqual({ questions: [], articles: [] });
    expect(await similar('')).toEqual({ questions: [], articles: [] });
    const response = await t.app.inject({ method: 'GET', url: `/api/ai/similar?q=${'ab%20'.repeat(700)}` });
    expect(response.statusCode).toBe(400);
  });
});
