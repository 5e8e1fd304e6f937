import { and, desc, inArray, sql } from 'drizzle-orm';
import type { KnowledgeArticle } from '../../../shared/schemas/knowledge';
import type { GovernmentService } from '../../../shared/schemas/resources';
import type { Database } from '../../db/client';
import { governmentServices, knowledgeArticles, questions } from '../../db/schema';
import { lookupPostcode, type AusState } from '../../lib/postcodes';
import { nearbyOrganisations, type NearbyOrganisation } from '../resources/service';
import { plain, searchWords } from '../../lib/text';

export type Source = { title: string; url: string };
export type CommunityAnswer = { id: string; title: string; answer: string };
export type Retrieved = {
  articles: KnowledgeArticle[];
  services: GovernmentService[];
  questions: CommunityAnswer[];
  organisations: NearbyOrganisation[];
};

/** Below these scores a match is noise (tuned with `npm run eval:chloe`). */
const ARTICLE_MIN_SCORE = 0.2;
/** An article is kept only when it scores at least this share of the best one's score. */
const ARTICLE_RELATIVE_SCORE = 0.9;
const SERVICE_MIN_RANK = 0.3;
const QUESTION_MIN_RANK = 0.3;
/** A service or community question is kept only when it ranks at least this share of the best one. */
const RELATIVE_RANK = 0.6;
/** A keyword counts as typed (despite a typo) from this trigram word similarity. */
const KEYWORD_SIMILARITY = 0.6;

/** States by their codes (in capitals, so "act" or "sa" in a sentence do not count), names and main cities. */
const STATES: [AusState, string, RegExp][] = [
  ['NSW', 'NSW', /new south wales|sydney|parramatta|newcastle|wollongong/i],
  ['VIC', 'VIC', /victoria|melbourne|geelong|ballarat|bendigo/i],
  ['QLD', 'QLD', /queensland|brisbane|gold coast|cairns|townsville/i],
  ['WA', 'WA', /western australia|tây úc|tay uc|perth/i],
  ['SA', 'SA', /south australia|nam úc|nam uc|adelaide/i],
  ['TAS', 'TAS', /tasmania|hobart|launceston/i],
  ['ACT', 'ACT', /canberra/i],
  ['NT', 'NT', /northern territory|darwin|alice springs/i],
];

export function mentionedState(message: string): AusState | undefined {
  const codes = new Set(message.match(/\b[A-Z]{2,3}\b/g) ?? []);
  return STATES.find(([, code, names]) => codes.has(code) || names.test(message))?.[0];
}

const orQuery = (words: string[]) => words.join(' | ');
/** Rows (best first) that rank at least `share` of the best one: the rest only happen to share a word. */
const nearBest = <T extends { rank: number }>(rows: T[], share: number) =>
  rows.filter((row) => row.rank >= (rows[0]?.rank ?? 0) * share);

/**
 * The knowledge articles, government services, answered community questions and (when the message names a
 * postcode) local organisations most relevant to a message, best first, looked up side by side. Full-text search
 * with English stemming and, for Vietnamese, 'simple' on text without diacritics; pg_trgm word similarity on
 * keywords forgives typos.
 */
export async function retrieve(
  db: Database,
  message: string,
  limits = { articles: 3, services: 2, questions: 2, organisations: 3 },
): Promise<Retrieved> {
  const words = searchWords(message);
  if (words.length === 0) return { articles: [], services: [], questions: [], organisations: [] };
  const english = sql`to_tsquery('english', ${orQuery(words)})`;
  // Articles are indexed without diacritics; services and questions with them.
  const articleQuery = sql`(${english} || to_tsquery('simple', ${orQuery([...new Set(words.map(plain))])}))`;
  const query = sql`(${english} || to_tsquery('simple', ${orQuery(words)}))`;

  const keywordScore = sql<number>`coalesce((select max(word_similarity(k, ${plain(message)})) from unnest(${knowledgeArticles.keywords}) k), 0)`;
  const articleRank = sql<number>`ts_rank_cd(${knowledgeArticles.search}, ${articleQuery}, 32) + case when ${keywordScore} >= ${KEYWORD_SIMILARITY} then ${keywordScore} else 0 end`;
  const serviceRank = sql<number>`ts_rank_cd(${governmentServices.search}, ${query}, 32)`;
  const questionRank = sql<number>`ts_rank_cd(${questions.search}, ${query}, 32)`;
  const humanReply = sql`from replies r where r.question_id = ${questions.id} and not r.is_ai_reply`;

  const postcode = message.match(/(?<!\d)\d{4}(?!\d)/)?.[0];
  const place = postcode ? lookupPostcode(postcode) : undefined;
  // A person who names their state or city gets that state's services (and the national ones), not another's.
  const state = place?.state ?? mentionedState(message);

  const [articleRows, serviceRows, questionRows, organisations] = await Promise.all([
    db
      .select({ data: knowledgeArticles.data, rank: articleRank })
      .from(knowledgeArticles)
      .where(sql`${articleRank} >= ${ARTICLE_MIN_SCORE}`)
      .orderBy(desc(articleRank), knowledgeArticles.id)
      .limit(limits.articles),
    db
      .select({ data: governmentServices.data, rank: serviceRank })
      .from(governmentServices)
      .where(
        and(
          sql`${serviceRank} >= ${SERVICE_MIN_RANK}`,
          state ? inArray(governmentServices.state, [state, 'national']) : undefined,
        ),
      )
      .orderBy(desc(serviceRank), governmentServices.titleEn)
      .limit(limits.services),
    db
      .select({
        id: questions.id,
        title: questions.title,
        rank: questionRank,
        answer: sql<string>`(select r.content ${humanReply} order by r.created_at limit 1)`,
      })
      .from(questions)
      .where(sql`${questionRank} >= ${QUESTION_MIN_RANK} and exists (select 1 ${humanReply})`)
      .orderBy(desc(questionRank))
      .limit(limits.questions),
    place
      ? nearbyOrganisations(db, { postcode: place.postcode, radius: 25 }).then((near) =>
          near.resources.slice(0, limits.organisations),
        )
      : [],
  ]);

  return {
    articles: nearBest(articleRows, ARTICLE_RELATIVE_SCORE).map((row) => row.data),
    services: nearBest(serviceRows, RELATIVE_RANK).map((row) => row.data),
    questions: nearBest(questionRows, RELATIVE_RANK).map(({ id, title, answer }) => ({ id, title, answer })),
    organisations,
  };
}
