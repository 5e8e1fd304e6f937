import { and, asc, eq, isNotNull, notExists, sql } from 'drizzle-orm';
import type { Mentor } from '../../../shared/schemas/chat';
import type { Database } from '../../db/client';
import { blocks, users } from '../../db/schema';

/** Verified mentors a student may start a conversation with: never an e-mail or anything private. */
export async function listMentors(db: Database, studentId: string): Promise<Mentor[]> {
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      headline: users.headline,
      expertise: users.expertise,
    })
    .from(users)
    .where(
      and(
        eq(users.role, 'mentor'),
        isNotNull(users.mentorVerifiedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(blocks)
            .where(and(eq(blocks.blockerId, studentId), eq(blocks.blockedId, users.id))),
        ),
      ),
    )
    .orderBy(asc(users.displayName))
    .limit(200);
}
