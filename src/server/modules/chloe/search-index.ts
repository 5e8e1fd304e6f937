import { LOCALES, type Locale, type Localized } from '../../../shared/languages';
import { isNull, sql } from 'drizzle-orm';
import type { KnowledgeArticle } from '../../../shared/schemas/knowledge';
import { articleQuestionText } from '../../../shared/schemas/knowledge';
import type { GovernmentService } from '../../../shared/schemas/resources';
import type { Database } from '../../db/client';
import { governmentServices, knowledgeArticles, knowledgeQuestions } from '../../db/schema';
import { contentGeneration } from '../../lib/content-generation';
import { contentVectors } from './embeddings';
import { questionWithSynonyms, type Query } from './query';
import { documentTerms, LexicalIndex, RANKER, words, type Ranked } from './lexical';

/** The knowledge articles and government services, indexed for Chloe's lexical ranker. */
export type SearchIndexes = {
  articles: LexicalIndex;
  /** Each question an article answers, as a document of its own (`<article>#<n>`). */
  questions: LexicalIndex;
  services: LexicalIndex;
  article: Map<string, KnowledgeArticle>;
  service: Map<string, GovernmentService>;
  /** The article each of the articles' questions belongs to, by the question's words: asked again, it comes first. */
  asked: Map<string, string>;
  /** Their embeddings by the configured model, when there is one. */
  vectors?: { articles: Map<string, Float32Array>; services: Map<string, Float32Array> };
};

/** The parts' texts joined, in each language they are written in. */
const joined = (parts: Localized[]): { [L in Locale]?: string } =>
  Object.fromEntries(LOCALES.map((code) => [code, parts.flatMap((part) => part[code] ?? []).join('. ')]));

/** The English words of the documents, for typos. */
function englishWords(texts: string[]): Set<string> {
  return new Set(texts.flatMap(words).filter((word) => /^[a-z]{4,}$/.test(word)));
}

export function buildSearchIndexes(
  articleList: KnowledgeArticle[],
  serviceList: GovernmentService[],
): SearchIndexes {
  const asciiKeywords = articleList.flatMap((a) => a.keywords).filter((k) => /^[\x20-\x7e]+$/.test(k));
  const documents = articleList.map((article) => ({
    id: article.id,
    fields: {
      title: documentTerms(article.title),
      keywords: documentTerms({ keywords: article.keywords }),
      body: documentTerms(joined([article.summary, ...article.points])),
    },
  }));
  const articles = new LexicalIndex(
    documents,
    englishWords([
      ...articleList.flatMap((a) => [a.title.en, a.summary.en, ...a.points.map((p) => p.en)]),
      ...asciiKeywords,
    ]),
  );
  const services = new LexicalIndex(
    serviceList.map((service) => ({
      id: service.id,
      fields: {
        title: documentTerms(service.title),
        keywords: documentTerms({ en: service.department }),
        body: documentTerms(joined([service.description, ...service.eligibility])),
      },
    })),
    englishWords(serviceList.flatMap((s) => [s.title.en, s.description.en, s.department])),
  );
  const questionTexts = articleList.flatMap((article) =>
    LOCALES.flatMap((locale) =>
      (article.questions[locale] ?? []).map((item) => ({
        id: article.id,
        locale,
        text: articleQuestionText(item),
      })),
    ),
  );
  const questions = new LexicalIndex(
    questionTexts.map((item, n) => ({
      id: `${item.id}#${n}`,
      fields: { question: documentTerms({ [item.locale]: item.text }) },
    })),
    englishWords(questionTexts.filter((item) => item.locale === 'en').map((item) => item.text)),
  );
  const asked = new Map<string, string>();
  for (const article of articleList)
    for (const question of Object.values(article.questions).flat()) {
      const key = questionKey(articleQuestionText(question));
      if (key && !asked.has(key)) asked.set(key, article.id);
    }
  return {
    articles,
    questions,
    services,
    article: new Map(articleList.map((article) => [article.id, article])),
    service: new Map(serviceList.map((service) => [service.id, service])),
    asked,
  };
}

/** A question's words, lower case, as one string: the same question typed with other capitals or punctuation. */
export const questionKey = (text: string) => words(text).join(' ');

/** The article a question of the articles belongs to, when the message is that question. */
export const askedBefore = (indexes: SearchIndexes, message: string) =>
  indexes.asked.get(questionKey(message));

const scaled = (index: LexicalIndex, { units, typed }: Query): Ranked[] => {
  const scale = Math.log2(2 + typed);
  return index.rank(index.forgiveTypos(units)).map((row) => ({ id: row.id, score: row.score / scale }));
};

/**
 * Ranks one index's documents for a question: its words and synonyms, typos forgiven. Scores are divided by
 * log2(2 + the number of the question's own words and pairs), so that one threshold suits a short question and a
 * long post alike (a long post shares a few words with most documents). In a long post, the window whose best
 * document scores highest is the question inside the story: each document keeps the better of its score for the
 * whole post and `RANKER.window` of its score for that window.
 */
export function rankFor(index: LexicalIndex, question: string | Query): Ranked[] {
  const query = typeof question === 'string' ? questionWithSynonyms(question) : question;
  const whole = scaled(index, query);
  if (!query.windows) return whole;
  let best: Ranked[] = [];
  for (const window of query.windows) {
    const ranked = scaled(index, window);
    if ((ranked[0]?.score ?? 0) > (best[0]?.score ?? 0)) best = ranked;
  }
  const scores = new Map(whole.map((row) => [row.id, row.score]));
  for (const row of best) scores.set(row.id, Math.max(scores.get(row.id) ?? 0, RANKER.window * row.score));
  return [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}

/**
 * The articles for a question: each article's BM25F score (title, keywords, body) plus `RANKER.questions` times the
 * score of the one of its questions that matches best (decision 053). A question is matched against each question
 * people ask on its own, not against all of an article's questions at once: sharing "help" with one question and
 * "my" with another says nothing. Asked again word for word, a question of an article puts that article first.
 */
export function rankArticlesFor(indexes: SearchIndexes, question: string | Query): Ranked[] {
  const query = typeof question === 'string' ? questionWithSynonyms(question) : question;
  const scores = new Map(rankFor(indexes.articles, query).map((row) => [row.id, row.score]));
  const best = new Map<string, number>();
  for (const row of rankFor(indexes.questions, query)) {
    const id = row.id.slice(0, row.id.lastIndexOf('#'));
    if (!best.has(id)) best.set(id, row.score);
  }
  for (const [id, score] of best) scores.set(id, (scores.get(id) ?? 0) + RANKER.questions * score);
  const ranked = [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  const asked = query.text === undefined ? undefined : askedBefore(indexes, query.text);
  if (!asked) return ranked;
  return [{ id: asked, score: ranked[0]?.score ?? 0 }, ...ranked.filter((row) => row.id !== asked)];
}

/** How often an instance checks whether the articles or services changed (an admin's change shows within it). */
const INDEX_CHECK_MS = 60_000;
type Entry = { checkedAt: number; generation: number; signature: string; indexes: Promise<SearchIndexes> };
const cache = new WeakMap<object, Map<string, Entry>>();

/** A fingerprint of the articles and services (and their embeddings by `model`): it changes when any of them does. */
async function signature(db: Database, model: string | undefined): Promise<string> {
  const result = await db.execute<{ signature: string }>(sql`
    select concat_ws(':',
      (select md5(string_agg(md5(data::text), '' order by id)) from knowledge_articles),
      (select md5(string_agg(md5(data::text), '' order by id)) from government_services where archived_at is null),
      (select count(*) || '/' || max(updated_at) from embeddings where model = ${model ?? ''} and kind <> 'question'),
      (select count(*) || '/' || max(created_at) from knowledge_questions)
    ) as signature`);
  return result.rows[0]?.signature ?? '';
}

async function loadIndexes(db: Database, model: string | undefined): Promise<SearchIndexes> {
  const [articleRows, added, serviceRows, vectors] = await Promise.all([
    db.select({ data: knowledgeArticles.data }).from(knowledgeArticles).orderBy(knowledgeArticles.id),
    db
      .select({
        articleId: knowledgeQuestions.articleId,
        locale: knowledgeQuestions.locale,
        question: knowledgeQuestions.question,
      })
      .from(knowledgeQuestions)
      .orderBy(knowledgeQuestions.createdAt, knowledgeQuestions.id),
    db
      .select({ data: governmentServices.data })
      .from(governmentServices)
      .where(isNull(governmentServices.archivedAt))
      .orderBy(governmentServices.id),
    model ? contentVectors(db, model) : undefined,
  ]);
  const indexes = buildSearchIndexes(
    articleRows.map(({ data }) => {
      // Articles written before questions existed, and the questions admins added from Chloe's misses.
      const own = data.questions ?? {};
      const questions = Object.fromEntries(
        LOCALES.map((locale) => [
          locale,
          [
            ...(own[locale] ?? []),
            ...added
              .filter((row) => row.articleId === data.id && row.locale === locale)
              .map((row) => row.question),
          ],
        ]),
      );
      return { ...data, questions };
    }),
    serviceRows.map((row) => row.data),
  );
  // The first question should not pay for compiling the ranker's paths.
  for (const text of ['warm up the ranker', 'làm thêm ở Úc', 'lam them o uc', '怎么申请税号', 'कर फाइल नम्बर'])
    rankArticlesFor(indexes, text);
  return { ...indexes, vectors };
}

/**
 * Forgets an app's indexes: the next question builds them again (an admin added a question to an article, on this
 * instance or another: modules/chloe/misses.ts).
 */
export function dropIndexes(db: Database): void {
  cache.delete(db);
}

/**
 * The indexes of the articles and services in the database (with their embeddings by `model`), built on first use.
 * Once a minute an instance compares the tables' fingerprint with the one it built from, and builds again in the
 * background only when they differ (the old indexes answer meanwhile); at once when this process synced content.
 */
export function searchIndexes(db: Database, model?: string): Promise<SearchIndexes> {
  let byModel = cache.get(db);
  if (!byModel) cache.set(db, (byModel = new Map()));
  const key = model ?? '';
  const entry = byModel.get(key);
  if (!entry || entry.generation !== contentGeneration()) {
    const building = signature(db, model).then(async (found) => ({
      found,
      indexes: await loadIndexes(db, model),
    }));
    const fresh: Entry = {
      checkedAt: Date.now(),
      generation: contentGeneration(),
      signature: '',
      indexes: building.then((built) => built.indexes),
    };
    building.then(
      (built) => (fresh.signature = built.found),
      () => byModel.get(key) === fresh && byModel.delete(key),
    );
    byModel.set(key, fresh);
    return fresh.indexes;
  }
  if (Date.now() - entry.checkedAt > INDEX_CHECK_MS) {
    entry.checkedAt = Date.now();
    signature(db, model)
      .then(async (found) => {
        if (found === entry.signature) return;
        const indexes = await loadIndexes(db, model);
        entry.signature = found;
        entry.indexes = Promise.resolve(indexes);
      })
      .catch(() => undefined);
  }
  return entry.indexes;
}
