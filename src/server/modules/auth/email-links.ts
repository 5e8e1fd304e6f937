import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { accountTokens, failedSignins, sessions, users, type AccountTokenPurpose } from '../../db/schema';
import { errors } from '../../errors';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken, type SessionUser } from '../../plugins/auth';
import type { Outbox } from '../mail/outbox';
import { findUserByEmail } from './service';

type Executor = Pick<Database, 'insert' | 'update'>;

/** How long an emailed link works. */
export const LINK_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  'reset-password': 60 * 60_000,
  'verify-email': 24 * 60 * 60_000,
};

/** What the emailed links need: the outbox, where links lead, and the time (tests set their own). */
export type LinkDeps = { db: Database; outbox: Outbox; linkBase: string; clock: () => Date };

/**
 * A new link's token: 256 random bits, of which only the hash is kept. Earlier unused links of the same purpose stop
 * working, so only the newest email's link does.
 */
export async function issueToken(
  tx: Executor,
  userId: string,
  purpose: AccountTokenPurpose,
  email: string,
  now: Date,
): Promise<string> {
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
  const token = newToken();
  await tx.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    email,
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]),
  });
  return token;
}

/** Uses a token once: the row when it is known, unused and unexpired (and marks it used), otherwise undefined. */
async function consumeToken(tx: Executor, token: string, purpose: AccountTokenPurpose, now: Date) {
  if (!token) return undefined;
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        sql`${accountTokens.expiresAt} > ${now}`,
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return row;
}

/** A link to the page of the same name as the token's purpose (`/reset-password`, `/verify-email`). */
const link = (linkBase: string, purpose: AccountTokenPurpose, token: string) =>
  `${linkBase}/${purpose}?token=${encodeURIComponent(token)}`;

/** A new link for `to` and its email, in the person's language, in the transaction that causes it. */
async function mailLink(
  deps: LinkDeps,
  tx: Executor,
  user: SessionUser,
  kind: 'verify-email' | 'change-email' | 'reset-password',
  to: string,
): Promise<void> {
  const purpose: AccountTokenPurpose = kind === 'reset-password' ? 'reset-password' : 'verify-email';
  const token = await issueToken(tx, user.id, purpose, to, deps.clock());
  await deps.outbox.add(tx, {
    kind,
    to,
    locale: user.locale,
    values: { name: user.displayName, link: link(deps.linkBase, purpose, token) },
  });
}

/** Sends "confirm your email" to the account's address, in the transaction that makes or changes it. */
export async function sendVerification(deps: LinkDeps, tx: Executor, user: SessionUser): Promise<void> {
  if (deps.outbox.enabled) await mailLink(deps, tx, user, 'verify-email', user.email);
}

/** "Confirm your email" again, for a signed-in person whose address is not confirmed yet. */
export async function resendVerification(deps: LinkDeps, user: SessionUser): Promise<void> {
  if (user.emailVerifiedAt || user.isDemo) throw errors.emailAlreadyVerified();
  if (!deps.outbox.enabled) throw errors.mailUnavailable();
  await deps.db.transaction((tx) => sendVerification(deps, tx, user));
  deps.outbox.queued();
}

/**
 * A reset link to a known address, if it may have one. Unknown and demo addresses get nothing, and the caller
 * cannot tell: the route answers the same before any of this runs.
 */
export async function requestPasswordReset(deps: LinkDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.isDemo || !deps.outbox.enabled) return;
  await deps.db.transaction((tx) => mailLink(deps, tx, user, 'reset-password', user.email));
  deps.outbox.queued();
}

/** A reset link for an operator without mail (`npm run admin -- --reset-link`). */
export async function resetLink(deps: Omit<LinkDeps, 'outbox'>, user: SessionUser): Promise<string> {
  const token = await issueToken(deps.db, user.id, 'reset-password', user.email, deps.clock());
  return link(deps.linkBase, 'reset-password', token);
}

/**
 * Sets a new password from a reset link and ends every session of the account (their sockets close with them).
 * The link came to the account's address, so that address is confirmed too.
 */
export async function confirmPasswordReset(
  deps: LinkDeps,
  input: { token: string; password: string },
): Promise<void> {
  if (isCommonPassword(input.password)) throw errors.commonPassword();
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const token = await consumeToken(tx, input.token, 'reset-password', now);
    if (!token) throw errors.resetTokenInvalid();
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, case when lower(${users.email}) = lower(${token.email}) then ${now}::timestamptz end)`,
      })
      .where(eq(users.id, token.userId))
      .returning({ email: users.email });
    await tx.delete(sessions).where(eq(sessions.userId, token.userId));
    // A person locked out by failed sign-ins has just proved the account is theirs.
    if (user) await tx.delete(failedSignins).where(eq(failedSignins.email, user.email));
  });
}

/**
 * Confirms an address from its link: the account's own, or a new one it changes to (an address someone else took
 * meanwhile is refused). Returns the address confirmed.
 */
export async function confirmEmail(deps: LinkDeps, tokenText: string): Promise<string> {
  const now = deps.clock();
  try {
    return await deps.db.transaction(async (tx) => {
      const token = await consumeToken(tx, tokenText, 'verify-email', now);
      if (!token) throw errors.verifyTokenInvalid();
      await tx
        .update(users)
        .set({ email: token.email, emailVerifiedAt: now })
        .where(eq(users.id, token.userId));
      return token.email;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.emailTaken();
    throw error;
  }
}

/**
 * A new email for the account, asked for with the current password: a link goes to the new address and a notice to
 * the old one; the address changes only when the link is opened.
 */
export async function requestEmailChange(
  deps: LinkDeps,
  user: SessionUser,
  input: { email: string; currentPassword: string },
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw errors.wrongPassword();
  if (input.email === user.email.toLowerCase()) throw errors.validation('validation.emailUnchanged');
  if (await findUserByEmail(deps.db, input.email)) throw errors.emailTaken();
  if (!deps.outbox.enabled) throw errors.mailUnavailable();
  await deps.db.transaction(async (tx) => {
    await mailLink(deps, tx, user, 'change-email', input.email);
    await deps.outbox.add(tx, {
      kind: 'email-change-notice',
      to: user.email,
      locale: user.locale,
      values: { name: user.displayName, newEmail: input.email },
    });
  });
  deps.outbox.queued();
}
