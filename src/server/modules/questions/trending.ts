import { sql, type SQL } from 'drizzle-orm';
import type { TrendingCursor } from '../../../shared/schemas/questions';
import type { Database } from '../../db/client';
import { whereAll } from './question-shape';

/**
 * Trending as DESIGN.md §7: engagement that decays with age, (upvotes + replies + helpful + 1) / (age_hours + 2)^1.5,
 * where `helpful` counts the replies the asker marked "This helped"; computed at one instant for every page of a
 * listing so pages do not shift under the reader.
 */
export function trendingScore(
  upvotes: number,
  replyCount: number,
  ageHours: number,
  helpfulCount = 0,
): number {
  return (upvotes + replyCount + helpfulCount + 1) / Math.pow(Math.max(0, ageHours) + 2, 1.5);
}

const scoreAt = (at: string) =>
  // float8 throughout: extract() answers numeric, whose power() is fifty times slower. Written on the sum of the
  // three counts, which questions_engagement_idx indexes.
  sql`(((q.upvotes + q.reply_count + q.helpful_count) + 1)::float8 / power(greatest(extract(epoch from (${at}::timestamptz - q.created_at))::float8 / 3600, 0) + 2, 1.5))`;

/**
 * Trending looks at the questions of the last week first, then of eight weeks, then of 64 weeks, and only in the
 * end at all of them: the first span that holds a page decides, with the older questions that could outrank it.
 */
export const TRENDING_WINDOWS_HOURS = [7 * 24, 8 * 7 * 24, 64 * 7 * 24] as const;
/** When more older questions than this could outrank a span's page, the next span is read instead. */
const OLDER_CANDIDATES_MAX = 2_000;

/** A question's place in a trending ranking: its score at the listing's instant, then its time and id. */
type Ranked = { id: string; score: number; created_at_exact: string };

const EXACT_TIME = sql`to_char(q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
/** The order of `score desc, created_at desc, id desc`: the times are of one fixed width, ids lower-case hex. */
const byRank = (x: Ranked, y: Ranked) =>
  y.score - x.score || compare(y.created_at_exact, x.created_at_exact) || compare(y.id, x.id);

/**
 * The least engagement (likes, replies and helpful marks) with which a question older than `hours` can score `score` or more: its age is at
 * least `hours`, so its score is at most (engagement + 1) / (hours + 2)^1.5. Rounded down, so that floating point
 * never leaves one out.
 */
export function leastEngagementToReach(score: number, hours: number): number {
  return Math.floor(score * Math.pow(hours + 2, 1.5) * (1 - 1e-9)) - 1;
}

/**
 * The next `take` questions of a trending listing ranked at `at`, after the cursor. Ranking every question would
 * read the whole table; the newest span that holds `take` of them is ranked instead, together with the older
 * questions whose likes and replies are high enough to outrank the span's last: no other can belong on the page,
 * so the order is exactly the formula's over every question.
 */
export async function rankTrending(
  db: Database,
  filters: SQL[],
  search: SQL | undefined,
  at: string,
  cursor: TrendingCursor | undefined,
  take: number,
  everything = false,
): Promise<Ranked[]> {
  const score = scoreAt(at);
  const conditions = [...filters];
  if (cursor) {
    conditions.push(
      // Questions asked since the listing's first page belong to the next listing, not to this one's later pages.
      sql`q.created_at <= ${at}::timestamptz`,
      sql`(${score}, q.created_at, q.id) < (${cursor.score}::float8, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const searched = search ? [search] : [];
  const ranked = (extra: SQL[]) =>
    sql`select q.id, ${score} as score, ${EXACT_TIME} as created_at_exact from questions q
      ${whereAll([...conditions, ...extra])}`;
  const order = sql`order by score desc, created_at_exact desc, id desc`;
  // A span's questions in order, searched only until the page is full: the score is cheap to work out, a search's
  // match on every question of a week is not.
  const rankedSpan = (span: SQL) =>
    search
      ? sql`select r.id, r.score, r.created_at_exact from (${ranked([span])} ${order} offset 0) r
          join questions q on q.id = r.id where ${search}
          order by r.score desc, r.created_at_exact desc, r.id desc limit ${take}`
      : sql`${ranked([span])} ${order} limit ${take}`;

  for (const hours of everything ? [] : TRENDING_WINDOWS_HOURS) {
    const since = sql`(${at}::timestamptz - make_interval(hours => ${hours}))`;
    const recent = (await db.execute<Ranked>(rankedSpan(sql`q.created_at > ${since}`))).rows;
    // Too few in the span: a longer one.
    if (recent.length < take) continue;
    const least = leastEngagementToReach(recent[recent.length - 1]!.score, hours);
    const older = (
      await db.execute<Ranked & { candidates: number }>(sql`
        select *, count(*) over ()::int as candidates from (
          ${ranked([sql`q.created_at <= ${since}`, sql`(q.upvotes + q.reply_count + q.helpful_count) >= ${least}`, ...searched])}
          limit ${OLDER_CANDIDATES_MAX + 1}) c
        ${order} limit ${take}`)
    ).rows;
    // So many older questions could outrank the span's page that a longer span costs less.
    if ((older[0]?.candidates ?? 0) > OLDER_CANDIDATES_MAX) continue;
    return [...recent, ...older].sort(byRank).slice(0, take);
  }
  // Every question that passes the filters: through the search's own indexes when there is one.
  return (await db.execute<Ranked>(sql`${ranked(searched)} ${order} limit ${take}`)).rows;
}
