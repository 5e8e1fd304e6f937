import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accountTokens, sessions } from '../db/schema';

type Executor = Pick<Database, 'delete' | 'update'>;

/**
 * Ends every session of the account but `keep` (the one asking, when it stays signed in), and voids the account's
 * unused email links: a confirmation or an email change someone asked for before (perhaps with a stolen password)
 * cannot be finished afterwards. Their sockets close with them (the sessions trigger tells every instance). Every
 * sign-out of all devices goes through here (a lint rule keeps it so).
 */
export async function endSessions(
  tx: Executor,
  userId: string,
  options: { keep?: string | null; now?: Date } = {},
): Promise<void> {
  await tx
    .delete(sessions)
    .where(
      options.keep
        ? and(eq(sessions.userId, userId), ne(sessions.id, options.keep))
        : eq(sessions.userId, userId),
    );
  await voidLinks(tx, userId, ['verify-email'], options.now ?? new Date());
}

/** Marks the account's unused links of these purposes used, so none of them works any more. */
export async function voidLinks(
  tx: Pick<Database, 'update'>,
  userId: string,
  purposes: (typeof accountTokens.$inferSelect.purpose)[],
  now: Date,
): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.userId, userId),
        inArray(accountTokens.purpose, purposes),
        isNull(accountTokens.usedAt),
      ),
    );
}

/** Ends one session (signing out on one device): the account's links stay as they are. */
export async function endSession(db: Pick<Database, 'delete'>, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
