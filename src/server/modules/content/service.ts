import { count, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants';
import type { CommunityStats, Founder } from '../../../shared/schemas/content';
import type { Database } from '../../db/client';
import { questions, replies, users } from '../../db/schema';
import { COUNTS_TTL_MS, perDatabaseCache } from '../../lib/ttl-cache';

/**
 * The founders page's tiles, counted once a minute at most on each instance: at a million questions the answered
 * count reads every reply, so writes do not clear them; past the minute the last counts are answered while new ones
 * are counted.
 */
const statsCache = perDatabaseCache<CommunityStats>(COUNTS_TTL_MS, 1, { byTimeOnly: true, stale: true });

export function communityStats(db: Database): Promise<CommunityStats> {
  return statsCache(db).get('community', () => countCommunity(db));
}

export async function countCommunity(db: Database): Promise<CommunityStats> {
  const [[people], [answered]] = await Promise.all([
    db
      .select({
        members: count(),
        // A mentor counts once an admin verified them: one waiting, declined or made a student again does not.
        mentors: sql<number>`count(*) filter (where ${users.role} = 'mentor' and ${users.mentorVerifiedAt} is not null)::int`,
        foundingMembers: sql<number>`count(*) filter (where ${users.isFoundingMember})::int`,
      })
      .from(users),
    // Answered by someone other than the asker (a mentor, a member or Chloe): an asker's own follow-up is no
    // answer, and on an anonymous question counting it would show when that member posts.
    db
      .select({ value: count() })
      .from(questions)
      .where(
        sql`exists (select 1 from ${replies} r where r.question_id = ${questions.id} and r.author_id is distinct from ${questions.authorId})`,
      ),
  ]);
  return {
    members: people?.members ?? 0,
    mentors: people?.mentors ?? 0,
    foundingMembers: people?.foundingMembers ?? 0,
    questionsAnswered: answered?.value ?? 0,
  };
}

/**
 * Founding members with their real contribution counts: questions asked plus replies written, leaving out what was
 * posted anonymously (an anonymous question, and its asker's replies under it, which are anonymous too), so that
 * watching a count cannot tell who posted it.
 */
export async function foundingMembers(db: Database, locale: Locale): Promise<Founder[]> {
  const rows = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      role: users.role,
      headline: users.headline,
      story: users.story,
      countryPath: users.countryPath,
      expertise: users.expertise,
      translations: users.profileTranslations,
      isDemo: users.isDemo,
      createdAt: users.createdAt,
      contributions: sql<number>`(
        (select count(*) from ${questions} q
          where q.author_id = ${users}.${sql.identifier('id')} and not q.is_anonymous) +
        (select count(*) from ${replies} r join ${questions} q on q.id = r.question_id
          where r.author_id = ${users}.${sql.identifier('id')}
            and not (q.is_anonymous and q.author_id = r.author_id))
      )::int`,
    })
    .from(users)
    .where(eq(users.isFoundingMember, true))
    .orderBy(users.createdAt);
  // A profile reads in the reader's language when it has been translated, else as its member wrote it.
  return rows.map(({ createdAt, translations, ...row }) => ({
    ...row,
    ...translations?.[locale],
    joinedAt: createdAt.toISOString(),
  }));
}
