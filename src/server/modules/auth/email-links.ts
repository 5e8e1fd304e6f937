import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  accountTokens,
  failedSignins,
  users,
  type AccountTokenPurpose,
  type MailKind,
} from '../../db/schema';
import { errors } from '../../errors';
import { hashPassword, isCommonPassword } from '../../lib/passwords';
import { hashToken, newToken, type SessionUser } from '../../plugins/auth';
import { endSessions, voidLinks } from '../../plugins/sessions';
import type { Outbox } from '../mail';
import { claimingEmail, findUserByEmail } from './service';

type Executor = Pick<Database, 'insert' | 'update'>;

/** How long an emailed link works. */
export const LINK_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  'reset-password': 60 * 60_000,
  'verify-email': 24 * 60 * 60_000,
  // An owner may read the notice days late, and may need it after the change was confirmed.
  'cancel-email-change': 7 * 24 * 60 * 60_000,
};

/** What the emailed links need: the outbox, where links lead, and the time (tests set their own). */
export type LinkDeps = { db: Database; outbox: Outbox; linkBase: string; clock: () => Date };

/**
 * A new link's token: 256 random bits, of which only the hash is kept. Earlier unused links of the same purpose stop
 * working, so only the newest email's link does; but each "This wasn't me" link works on its own, so a later change
 * (made by whoever took the account) cannot void the owner's way back.
 */
export async function issueToken(
  tx: Executor,
  userId: string,
  purpose: AccountTokenPurpose,
  email: string,
  now: Date,
): Promise<string> {
  if (purpose !== 'cancel-email-change') await voidLinks(tx, userId, [purpose], now);
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
export async function consumeToken(tx: Executor, token: string, purpose: AccountTokenPurpose, now: Date) {
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

/**
 * A link to the page of the same name as the token's purpose (`/reset-password`, `/verify-email`,
 * `/cancel-email-change`).
 */
const link = (linkBase: string, purpose: AccountTokenPurpose, token: string) =>
  `${linkBase}/${purpose}?token=${encodeURIComponent(token)}`;

/** The purpose of the link each kind of email carries. */
const PURPOSES = {
  'verify-email': 'verify-email',
  'change-email': 'verify-email',
  'reset-password': 'reset-password',
  'email-change-notice': 'cancel-email-change',
} as const satisfies Partial<Record<MailKind, AccountTokenPurpose>>;

/**
 * A new link and its email, in the person's language, in the transaction that causes it. The link goes to `to` and
 * acts on `user`'s account; `extra` is what else the email says (the new address a notice names).
 */
export async function mailLink(
  deps: LinkDeps,
  tx: Executor,
  user: SessionUser,
  kind: keyof typeof PURPOSES,
  to: string,
  extra: { newEmail?: string } = {},
): Promise<void> {
  const purpose = PURPOSES[kind];
  const token = await issueToken(tx, user.id, purpose, to, deps.clock());
  await deps.outbox.add(tx, {
    kind,
    to,
    locale: user.locale,
    values: { name: user.displayName, link: link(deps.linkBase, purpose, token), ...extra },
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
 * A reset link to a known address, if it may have one, in the reset worker's transaction. Unknown and demo
 * addresses get nothing, and the caller cannot tell: the route answered the same long before any of this runs.
 */
export async function mailResetLink(deps: LinkDeps, tx: Transaction, email: string): Promise<void> {
  const user = await findUserByEmail(tx, email);
  if (!user || user.isDemo) return;
  await mailLink(deps, tx, user, 'reset-password', user.email);
}

/** A reset link for an operator without mail (`npm run admin -- --reset-link`). */
export async function resetLink(deps: Omit<LinkDeps, 'outbox'>, user: SessionUser): Promise<string> {
  const token = await issueToken(deps.db, user.id, 'reset-password', user.email, deps.clock());
  return link(deps.linkBase, 'reset-password', token);
}

/**
 * Sets a new password from a reset link and ends every session of the account (their sockets close with them).
 * The link came to the account's address, so that address is confirmed too. Returns the account's id.
 */
export async function confirmPasswordReset(
  deps: LinkDeps,
  input: { token: string; password: string },
): Promise<string> {
  if (isCommonPassword(input.password)) throw errors.commonPassword();
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const token = await consumeToken(tx, input.token, 'reset-password', now);
    if (!token) throw errors.resetTokenInvalid();
    // Only while the account still has the address the link went to: a link to an address it has left is void.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now}::timestamptz)` })
      .where(and(eq(users.id, token.userId), sql`lower(${users.email}) = lower(${token.email})`))
      .returning({ email: users.email });
    if (!user) throw errors.resetTokenInvalid();
    await endSessions(tx, token.userId, { now });
    // A person locked out by failed sign-ins has just proved the account is theirs.
    await tx.delete(failedSignins).where(eq(failedSignins.email, user.email.toLowerCase()));
    return token.userId;
  });
}

/**
 * Confirms an address from its link: the account's own, or a new one it changes to (an address someone else took
 * meanwhile is refused). When the address changes, every other link still out (a reset or a confirmation mailed to
 * the old address) stops working. Returns the address confirmed.
 */
export async function confirmEmail(deps: LinkDeps, tokenText: string): Promise<string> {
  const now = deps.clock();
  return claimingEmail(() =>
    deps.db.transaction(async (tx) => {
      const token = await consumeToken(tx, tokenText, 'verify-email', now);
      if (!token) throw errors.verifyTokenInvalid();
      await setEmail(tx, token.userId, token.email, now);
      return token.email;
    }),
  );
}

/** Makes `email`, proved by a link that reached it, the account's address; a change voids the links still out. */
export async function setEmail(tx: Transaction, userId: string, email: string, now: Date): Promise<void> {
  const [before] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  await tx.update(users).set({ email, emailVerifiedAt: now }).where(eq(users.id, userId));
  if (before && before.email.toLowerCase() !== email.toLowerCase())
    await voidLinks(tx, userId, ['reset-password', 'verify-email'], now);
}
