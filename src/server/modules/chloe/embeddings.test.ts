import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KnowledgeArticle } from '../../../shared/schemas/knowledge';
import { embeddings } from '../../db/schema';
import { loadHelpContent, syncHelpContent } from '../../db/seed/help-content';
import { loadKnowledge, syncKnowledge } from '../../db/seed/knowledge';
import { embedderFor, syncEmbeddings, type Embedder } from './embeddings';
import { startEmbeddingsServer, type EmbeddingsServer } from './embeddings.test-server';
import { retrieve } from './retrieval';
import { useQuestionsApp } from '../questions/questions.test-helpers';

const article = (id: string, en: string, words: string[]): KnowledgeArticle => ({
  id,
  title: { en, vi: en },
  keywords: words,
  summary: { en: words.join(' '), vi: words.join(' ') },
  points: [
    { en: words.join(', '), vi: words.join(', ') },
    { en: en, vi: en },
  ],
  help: [],
  visaOrLegal: false,
  sources: [{ title: en, url: `https://example.gov.au/${id}` }],
  checked: '2026-11-26',
  writtenIn: 'en',
  translationsChecked: {},
  questions: { en: [], vi: [] },
});

/** Three articles beside the real ones; the test server puts "zorblat" on the same dimension as "pay". */
const ARTICLES = [
  article('wages', 'Pay', ['pay', 'wage', 'wages', 'pay', 'pay']),
  article('housing', 'Housing', ['apartment', 'flat', 'house', 'housing']),
  article('ferries', 'Ferries', ['ferry', 'ferries', 'wharf', 'ferry']),
];
const all = (list: KnowledgeArticle[]) => [...loadKnowledge(), ...list];

describe("Chloe's retrieval with an embedding model", () => {
  const { t, a, alice, bob } = useQuestionsApp();
  let server: EmbeddingsServer;
  let embedder: Embedder;
  const rows = (kind: 'article' | 'service' | 'question') =>
    t.db
      .select()
      .from(embeddings)
      .where(and(eq(embeddings.model, 'test-embed'), eq(embeddings.kind, kind)));

  beforeAll(async () => {
    server = await startEmbeddingsServer();
    embedder = embedderFor({ embedding: { baseUrl: server.url, apiKey: undefined, model: 'test-embed' } })!;
    await syncKnowledge(t.db, all(ARTICLES));
    await syncHelpContent(t.db, loadHelpContent());
  });
  afterAll(() => server.close());

  it('embeds every article, service and answered question once, and again only when its text changes', async () => {
    const question = await a().ask(alice.headers, { title: 'What is the minimum salary for a cleaner?' });
    await a().post(`/api/questions/${question.id}/replies`, { content: 'Check the award.' }, bob.headers);
    const unanswered = await a().ask(alice.headers, { title: 'Where do people go fishing?' });

    const first = await syncEmbeddings(t.db, embedder);
    expect(first).toBeGreaterThanOrEqual(ARTICLES.length + 1);
    const articleIds = (await rows('article')).map((row) => row.itemId);
    expect(articleIds).toEqual(expect.arrayContaining(['housing', 'ferries', 'wages', 'tax-file-number']));
    const questionIds = (await rows('question')).map((row) => row.itemId);
    expect(questionIds).toContain(question.id);
    expect(questionIds).not.toContain(unanswered.id);
    expect((await rows('service')).length).toBeGreaterThan(0);

    const seen = server.inputs.length;
    expect(await syncEmbeddings(t.db, embedder)).toBe(0);
    expect(server.inputs.length).toBe(seen);

    await syncKnowledge(
      t.db,
      all([{ ...ARTICLES[0]!, summary: { en: 'Pay and wages.', vi: 'Lương.' } }, ...ARTICLES.slice(1)]),
    );
    expect(await syncEmbeddings(t.db, embedder)).toBe(1);
    await syncKnowledge(t.db, all(ARTICLES.slice(1)));
    await syncEmbeddings(t.db, embedder);
    expect((await rows('article')).map((row) => row.itemId)).not.toContain('wages');
    await syncKnowledge(t.db, all(ARTICLES));
    await syncEmbeddings(t.db, embedder);
  });

  it('finds by meaning what shares no word with the question, and by words alone without a model', async () => {
    const message = 'zorblat zorblat';
    expect((await retrieve(t.db, message)).articles).toEqual([]);
    const fused = await retrieve(t.db, message, { embedder });
    expect(fused.articles.map((found) => found.id)).toEqual(['wages']);
    // With a model, the answered community question about a cleaner's salary is still found by its words.
    const salary = await retrieve(t.db, 'zorblat cleaner salary', { embedder });
    expect(salary.questions.map((found) => found.title)).toContain(
      'What is the minimum salary for a cleaner?',
    );
  });

  it('finds an answered community question by its words, and not one that only shares common words', async () => {
    const found = await retrieve(t.db, 'what is the minimum salary for a cleaner in Sydney');
    expect(found.questions.map((item) => item.title)).toContain('What is the minimum salary for a cleaner?');
    expect((await retrieve(t.db, 'What is the best salary way to cook a risotto?')).questions).toEqual([]);
  });

  it('finds an answered community question in Chinese by its pairs of characters, not one about something else', async () => {
    const title = '二手车过户需要准备什么材料？';
    const question = await a().ask(alice.headers, { title, content: '我在悉尼买了一辆二手车。' });
    await a().post(
      `/api/questions/${question.id}/replies`,
      { content: '去 Service NSW 办理。' },
      bob.headers,
    );
    const titles = async (message: string) =>
      (await retrieve(t.db, message)).questions.map((item) => item.title);
    expect(await titles('刚买了二手车，过户怎么办？')).toContain(title);
    expect(await titles('悉尼哪里的火锅好吃？')).toEqual([]);
  });

  it('fuses both rankings: what the words find stays first when the meaning agrees', async () => {
    const fused = await retrieve(t.db, 'ferry wharf', { embedder });
    expect(fused.articles[0]?.id).toBe('ferries');
  });

  it('answers from words alone when the model is down', async () => {
    server.down = true;
    try {
      const found = await retrieve(t.db, 'ferry wharf', { embedder });
      expect(found.articles.map((item) => item.id)).toEqual(['ferries']);
    } finally {
      server.down = false;
    }
  });
});
