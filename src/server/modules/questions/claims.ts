import { and, eq, lte, sql } from 'drizzle-orm';
import { CLAIM_MINUTES } from '../../../shared/schemas/mentoring';
import type { QuestionClaim } from '../../../shared/schemas/questions';
import type { Database, Transaction } from '../../db/client';
import { questionClaims } from '../../db/schema';
import { errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { publishQuestionsChanged } from './cache';
import { UNANSWERED } from './question-shape';

/** A claim as stored: whose it is and until when. An expired one is no claim (`claimFor`). */
export type StoredClaim = { mentorId: string; expiresAt: Date };

/** Only a verified mentor sees the waiting questions and takes them. */
export function assertVerifiedMentor(user: SessionUser): void {
  if (user.role !== 'mentor' || user.mentorVerifiedAt === null) throw errors.verifiedMentorsOnly();
}

/** A stored claim as `viewerId` sees it at `now`: an expired one is none, and nobody learns whose another's is. */
export function claimFor(
  stored: StoredClaim | null | undefined,
  viewerId: string | null,
  now: Date,
): QuestionClaim {
  if (!stored || stored.expiresAt.getTime() <= now.getTime()) return null;
  return { mine: stored.mentorId === viewerId, expiresAt: stored.expiresAt.toISOString() };
}

/** The question's claim row, expired or not (callers judge it against their clock). */
export async function storedClaim(db: Pick<Database, 'select'>, questionId: string) {
  const [row] = await db
    .select({ mentorId: questionClaims.mentorId, expiresAt: questionClaims.expiresAt })
    .from(questionClaims)
    .where(eq(questionClaims.questionId, questionId));
  return row ?? null;
}

/**
 * The mentor takes the question for CLAIM_MINUTES from `now`, or renews their own claim. Another mentor's unexpired
 * claim is a 409, and so is a question a person has already answered. One statement decides, so two mentors who
 * claim at once cannot both win.
 */
export async function claimQuestion(
  db: Database,
  mentor: SessionUser,
  questionId: string,
  now: Date,
): Promise<QuestionClaim> {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ answered: boolean }>(sql`
      select not ${UNANSWERED} as answered
      from questions q where q.id = ${questionId} for update of q`);
    const question = found.rows[0];
    if (!question) throw errors.notFound();
    if (question.answered) throw errors.questionAnswered();
    const expiresAt = new Date(now.getTime() + CLAIM_MINUTES * 60_000);
    const [taken] = await tx
      .insert(questionClaims)
      .values({ questionId, mentorId: mentor.id, createdAt: now, expiresAt })
      .onConflictDoUpdate({
        target: questionClaims.questionId,
        set: { mentorId: mentor.id, createdAt: now, expiresAt },
        setWhere: sql`${questionClaims.mentorId} = ${mentor.id} or ${questionClaims.expiresAt} <= ${now}`,
      })
      .returning({ mentorId: questionClaims.mentorId });
    if (!taken) throw errors.questionClaimed();
    await publishQuestionsChanged(tx);
    return claimFor({ mentorId: mentor.id, expiresAt }, mentor.id, now);
  });
}

/** The mentor lets the question go (their own claim only; none is nothing to do). */
export async function releaseClaim(db: Database, mentorId: string, questionId: string): Promise<void> {
  await db.transaction((tx) => releaseClaimIn(tx, mentorId, questionId));
}

/** In the caller's transaction: the mentor's claim on the question ends (they replied, or let it go). */
export async function releaseClaimIn(tx: Transaction, mentorId: string, questionId: string): Promise<void> {
  const released = await tx
    .delete(questionClaims)
    .where(and(eq(questionClaims.questionId, questionId), eq(questionClaims.mentorId, mentorId)))
    .returning({ questionId: questionClaims.questionId });
  if (released.length > 0) await publishQuestionsChanged(tx);
}

/** Claims that ended a day ago or more: they count as none already, so nobody misses them. */
export async function pruneClaims(db: Database, now: Date): Promise<void> {
  await db
    .delete(questionClaims)
    .where(lte(questionClaims.expiresAt, new Date(now.getTime() - 24 * 60 * 60_000)));
}
