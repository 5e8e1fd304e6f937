import { inReaderLanguage, type Locale, type Localized } from '../../../shared/languages';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { knowledgeArticleSchema, type KnowledgeArticle } from '../../../shared/schemas/knowledge';
import { plain } from '../../lib/text';
import { projectPath } from '../../paths';
import type { Database } from '../client';
import { knowledgeArticles } from '../schema';
import { contentChanged } from '../../lib/content-generation';
import { syncRows } from '../sync';
import { ContentError } from './help-content';

/** Reads and checks content/knowledge/*.json: each valid, named after its id. */
export function loadKnowledge(dir = projectPath('content/knowledge')): KnowledgeArticle[] {
  if (!dir) throw new ContentError('The knowledge directory was not found.');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const parsed = knowledgeArticleSchema.safeParse(JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new ContentError(`${path.join(dir, name)}: ${issue.path.join('.')}: ${issue.message}`);
      }
      if (`${parsed.data.id}.json` !== name)
        throw new ContentError(`${path.join(dir, name)}: its id is "${parsed.data.id}"`);
      return parsed.data;
    });
}

const joined = (parts: Localized[], locale: Locale) =>
  parts.map((part) => inReaderLanguage(part, locale)).join(' ');

/**
 * The search vector of an article: English stemming on the English text and keywords (weight A for title and
 * keywords, B for the rest), and 'simple' on the Vietnamese text without diacritics. This release ranks articles
 * in process (modules/chloe/lexical.ts); the vector and the plain keywords are still written for instances of the
 * previous release during a rolling upgrade, and go with the columns in the next one (decision 021).
 */
function searchVector(article: KnowledgeArticle) {
  const keywords = article.keywords.join(' ');
  const englishHead = `${article.title.en} ${keywords}`;
  const englishBody = `${article.summary.en} ${joined(article.points, 'en')}`;
  const plainHead = plain(`${inReaderLanguage(article.title, 'vi')} ${keywords}`);
  const plainBody = plain(`${inReaderLanguage(article.summary, 'vi')} ${joined(article.points, 'vi')}`);
  return sql`setweight(to_tsvector('english', ${englishHead}), 'A') || setweight(to_tsvector('simple', ${plainHead}), 'A') || setweight(to_tsvector('english', ${englishBody}), 'B') || setweight(to_tsvector('simple', ${plainBody}), 'B')`;
}

/** Makes the table hold exactly the articles. */
export async function syncKnowledge(
  db: Pick<Database, 'transaction'>,
  articles: KnowledgeArticle[],
): Promise<void> {
  await db.transaction((tx) =>
    syncRows(
      tx,
      knowledgeArticles,
      articles.map((article) => ({
        id: article.id,
        data: article,
        keywords: article.keywords.map(plain),
        search: searchVector(article),
      })),
    ),
  );
  contentChanged();
}
