import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  articleQuestionText,
  knowledgeArticleSchema,
  type ArticleQuestion,
} from '../../../shared/schemas/knowledge';
import type { Locale } from '../../../shared/languages';
import type { Database } from '../../db/client';
import { knowledgeQuestions } from '../../db/schema';
import { questionKey } from './search-index';

export type ExportedQuestions = { file: string; added: Partial<Record<Locale, number>> }[];

/**
 * Writes the questions admins attached to articles from Chloe's misses (decision 053) into the articles' files in
 * `dir` (content/knowledge), each after the article's own questions, once: a question the file already has, typed
 * with other capitals or punctuation, is not added again. The files stay as the formatter writes them, ready to be
 * reviewed and committed; the database keeps its rows, so running it again adds nothing.
 */
export async function exportQuestions(
  db: Database,
  dir: string,
  format: (text: string, file: string) => Promise<string>,
): Promise<ExportedQuestions> {
  const rows = await db
    .select({
      articleId: knowledgeQuestions.articleId,
      locale: knowledgeQuestions.locale,
      question: knowledgeQuestions.question,
    })
    .from(knowledgeQuestions)
    .orderBy(knowledgeQuestions.articleId, knowledgeQuestions.createdAt, knowledgeQuestions.id);
  const exported: ExportedQuestions = [];
  for (const articleId of new Set(rows.map((row) => row.articleId))) {
    const file = path.join(dir, `${articleId}.json`);
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const article = knowledgeArticleSchema.parse(raw);
    const added: Partial<Record<Locale, number>> = {};
    const questions: Partial<Record<Locale, ArticleQuestion[]>> = structuredClone(article.questions);
    for (const row of rows.filter((item) => item.articleId === articleId)) {
      const own = (questions[row.locale] ??= []);
      const known = new Set(own.map((item) => questionKey(articleQuestionText(item))));
      if (known.has(questionKey(row.question))) continue;
      own.push(row.question);
      added[row.locale] = (added[row.locale] ?? 0) + 1;
    }
    if (Object.keys(added).length === 0) continue;
    writeFileSync(file, await format(`${JSON.stringify({ ...raw, questions }, null, 2)}\n`, file));
    exported.push({ file, added });
  }
  return exported;
}
