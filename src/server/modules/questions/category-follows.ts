import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories, categoryFollows } from '../../db/schema';
import { errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';

/**
 * Whether the person `u` follows the topic `c`, their row `f` of category_follows left-joined: what they chose
 * when they chose, else a mentor follows the topics of their profile and nobody else follows anything. The
 * notifications of a new question apply the same rule (notifications/notify-topics.ts).
 */
const FOLLOWS = sql`coalesce(f.following, u.role = 'mentor' and c.slug = any(u.topics))`;

/** The slugs of the topics the person follows, in the topics' order. */
export async function followedCategories(db: Database, user: SessionUser): Promise<string[]> {
  const result = await db.execute<{ slug: string }>(sql`
    select c.slug from categories c
    join users u on u.id = ${user.id}::uuid
    left join category_follows f on f.user_id = u.id and f.category_id = c.id
    where ${FOLLOWS}
    order by c.sort_order, c.id`);
  return result.rows.map((row) => row.slug);
}

/**
 * Follows a topic or stops, as often as it is asked. Stopping is kept as a row too (`following` false): it is
 * how a mentor stops following one of their own topics, which they would otherwise follow.
 */
export async function setCategoryFollow(
  db: Database,
  user: SessionUser,
  slug: string,
  following: boolean,
): Promise<{ following: boolean }> {
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (!category) throw errors.topicNotFound();
  await db
    .insert(categoryFollows)
    .values({ userId: user.id, categoryId: category.id, following })
    .onConflictDoUpdate({
      target: [categoryFollows.userId, categoryFollows.categoryId],
      set: { following },
    });
  return { following };
}
