import { count, eq, gt, sql } from 'drizzle-orm';
import type { CommunityStats, Founder } from '../../../shared/schemas/content';
import type { Database } from '../../db/client';
import { questions, replies, users } from '../../db/schema';

export async function communityStats(db: Database): Promise<CommunityStats> {
  const [people] = await db
    .select({
      members: count(),
      mentors: sql<number>`count(*) filter (where ${users.role} = 'mentor')::int`,
      foundingMembers: sql<number>`count(*) filter (where ${users.isFoundingMember})::int`,
    })
    .from(users);
  const [answered] = await db.select({ value: count() }).from(questions).where(gt(questions.replyCount, 0));
  return {
    members: people?.members ?? 0,
    mentors: people?.mentors ?? 0,
    foundingMembers: people?.foundingMembers ?? 0,
    questionsAnswered: answered?.value ?? 0,
  };
}

/** Founding members with their real contribution counts (questions asked plus replies written). */
export async function foundingMembers(db: Database): Promise<Founder[]> {
  const rows = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      role: users.role,
      headline: users.headline,
      story: users.story,
      countryPath: users.countryPath,
      expertise: users.expertise,
      isDemo: users.isDemo,
      createdAt: users.createdAt,
      contributions: sql<number>`(
        (select count(*) from ${questions} where ${questions.authorId} = ${users}.${sql.identifier('id')}) +
        (select count(*) from ${replies} where ${replies.authorId} = ${users}.${sql.identifier('id')})
      )::int`,
    })
    .from(users)
    .where(eq(users.isFoundingMember, true))
    .orderBy(users.createdAt);
  return rows.map(({ createdAt, ...row }) => ({ ...row, joinedAt: createdAt.toISOString() }));
}
