import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Locale, Role } from '../../../shared/constants';
import type { User } from '../../../shared/schemas/auth';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { failedSignins, users } from '../../db/schema';
import { errors } from '../../errors';
import { createSession, type SessionUser } from '../../plugins/auth';
import { endSession } from '../../plugins/sessions';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';

export function toPublicUser(user: SessionUser): User {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    locale: user.locale,
    createdAt: user.createdAt.toISOString(),
    isDemo: user.isDemo,
    mentorVerified: user.role === 'mentor' && user.mentorVerifiedAt !== null,
    emailVerified: user.emailVerifiedAt !== null,
    mentorDeclinedReason: user.mentorDeclinedReason,
    state: user.state,
  };
}

export async function findUserByEmail(
  db: Pick<Database, 'select'>,
  email: string,
): Promise<SessionUser | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return user;
}

type Executor = Pick<Database, 'insert' | 'update'>;

/**
 * Creates an account. `onCreated` runs in the same transaction (sign-up's confirmation email), so the account and
 * what it causes are kept or lost together. The password is hashed first, with no connection held.
 */
export async function createUser(
  db: Database,
  input: {
    email: string;
    password: string;
    displayName: string;
    role: Role;
    locale?: Locale;
    headline?: string;
    story?: string;
    /** The address is known to be theirs (an operator made the account). */
    emailVerified?: boolean;
  },
  onCreated: (tx: Executor, user: SessionUser) => Promise<void> = async () => undefined,
): Promise<SessionUser> {
  if (isCommonPassword(input.password)) throw errors.commonPassword();
  const passwordHash = await hashPassword(input.password);
  return claimingEmail(() =>
    db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          displayName: input.displayName,
          role: input.role,
          locale: input.locale ?? 'en',
          headline: input.headline ?? null,
          story: input.story ?? null,
          emailVerifiedAt: input.emailVerified ? new Date() : null,
          passwordHash,
        })
        .returning();
      await onCreated(tx, user!);
      return user!;
    }),
  );
}

/** Runs `work`, which writes an account's address: an address another account has is 409 EMAIL_TAKEN. */
export async function claimingEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.emailTaken();
    throw error;
  }
}

/** Creates the account (see createUser) and its first session. */
export async function signUp(
  db: Database,
  input: Parameters<typeof createUser>[1],
  onCreated?: Parameters<typeof createUser>[2],
) {
  const user = await createUser(db, input, onCreated);
  const token = await createSession(db, user.id);
  return { token, user };
}

/**
 * Failed sign-ins for one account from one address within the last hour. The lock is per account and address
 * (decision 010): a lock per account alone would let anyone lock a member out from anywhere.
 */
export async function recentFailures(
  db: Database,
  email: string,
  address: string,
): Promise<{ count: number; oldest?: Date }> {
  const [row] = await db
    .select({ count: count(), oldest: sql<string | null>`min(${failedSignins.createdAt})` })
    .from(failedSignins)
    .where(
      and(
        eq(failedSignins.email, email),
        eq(failedSignins.address, address),
        gt(failedSignins.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : undefined };
}

async function recordFailure(db: Database, email: string, address: string): Promise<void> {
  await db.insert(failedSignins).values({ email, address });
  await db
    .delete(failedSignins)
    .where(and(eq(failedSignins.email, email), lt(failedSignins.createdAt, sql`now() - interval '1 hour'`)));
}

/** Refuses with 429 while the account is locked for this address by failed password checks. */
async function refuseWhileLocked(
  db: Database,
  email: string,
  address: string,
  maxFailuresPerHour: number,
): Promise<void> {
  const failures = await recentFailures(db, email, address);
  if (failures.count >= maxFailuresPerHour) {
    const freesAt = (failures.oldest?.getTime() ?? Date.now()) + 60 * 60 * 1000;
    throw errors.tooManyRequests(
      'errors.accountLocked',
      Math.max(1, Math.ceil((freesAt - Date.now()) / 1000)),
    );
  }
}

/** Who checks a password, and how many failures an hour the account allows them: sign-in's rule. */
export type PasswordCaller = { address: string; maxFailuresPerHour: number };

/**
 * The password a signed-in person gives to change their email or password or to delete the account. Wrong ones
 * count with failed sign-ins, per account and address, so a session left open cannot be used to guess it any
 * faster than the sign-in form could.
 */
export async function checkCurrentPassword(
  db: Database,
  user: SessionUser,
  password: string,
  caller: PasswordCaller,
): Promise<void> {
  const email = user.email.toLowerCase();
  await refuseWhileLocked(db, email, caller.address, caller.maxFailuresPerHour);
  if (await verifyPassword(user.passwordHash, password)) return;
  await recordFailure(db, email, caller.address);
  throw errors.wrongPassword();
}

export async function signIn(
  db: Database,
  input: { email: string; password: string },
  address: string,
  maxFailuresPerHour: number,
) {
  await refuseWhileLocked(db, input.email, address, maxFailuresPerHour);
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) {
    await recordFailure(db, input.email, address);
    throw errors.invalidCredentials();
  }
  const token = await createSession(db, user.id);
  return { token, user };
}

export async function signOut(db: Database, sessionId: string): Promise<void> {
  await endSession(db, sessionId);
}

export async function demoSignIn(db: Database, role: Role) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.isDemo, true), eq(users.role, role)))
    .orderBy(users.createdAt)
    .limit(1);
  if (!user) throw errors.notFound();
  const token = await createSession(db, user.id);
  return { token, user };
}
