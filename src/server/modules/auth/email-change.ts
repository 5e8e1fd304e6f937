import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { endSessions, voidLinks } from '../../plugins/sessions';
import { consumeToken, mailLink, setEmail, type LinkDeps } from './email-links';
import { checkCurrentPassword, claimingEmail, findUserByEmail, type PasswordCaller } from './service';

/**
 * A new email for the account, asked for with the current password. A free address gets a link that changes it; an
 * address another account has gets an email telling its owner someone tried, and nothing changes. Either way the
 * old address gets a notice with a "This wasn't me" link, and the caller gets the same answer: which way it went
 * would tell them who has an account.
 *
 * An address not confirmed yet (a typo at sign-up) is replaced at once instead (`replaceUnconfirmedEmail`), and the
 * account as it now is comes back; otherwise nothing changes yet and the answer is undefined.
 */
export async function requestEmailChange(
  deps: LinkDeps,
  user: SessionUser,
  input: { email: string; currentPassword: string },
  caller: PasswordCaller,
): Promise<SessionUser | undefined> {
  await checkCurrentPassword(deps.db, user, input.currentPassword, caller);
  if (input.email === user.email.toLowerCase()) throw errors.validation('validation.emailUnchanged');
  if (!deps.outbox.enabled) throw errors.mailUnavailable();
  const replaced = await claimingEmail(() =>
    deps.db.transaction(async (tx) => {
      // Read under a lock: a confirmation link opened meanwhile in another tab decides which way this goes.
      const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
      if (!current) throw errors.unauthorized();
      if (!current.emailVerifiedAt && !current.isDemo)
        return replaceUnconfirmedEmail(deps, tx, current, input.email);
      const owner = await findUserByEmail(tx, input.email);
      if (owner)
        await deps.outbox.add(tx, {
          kind: 'email-change-attempt',
          to: owner.email,
          locale: owner.locale,
          values: { name: owner.displayName },
        });
      else await mailLink(deps, tx, current, 'change-email', input.email);
      await mailLink(deps, tx, current, 'email-change-notice', current.email, { newEmail: input.email });
      return undefined;
    }),
  );
  deps.outbox.queued();
  return replaced;
}

/**
 * "Wrong address? Change it": the account's address was never shown to be the person's, so the new one takes its
 * place at once, still unconfirmed, and gets the link that confirms it. The old address keeps no power over the
 * account: its confirmation and reset links stop working and it is told nothing (it may be a stranger's; a "This
 * wasn't me" link would hand them the account). An address another account has is refused (409, by
 * `claimingEmail`), as sign-up refuses it, within the email-change limits (decision 041).
 */
async function replaceUnconfirmedEmail(
  deps: LinkDeps,
  tx: Transaction,
  user: SessionUser,
  email: string,
): Promise<SessionUser> {
  const [changed] = await tx.update(users).set({ email }).where(eq(users.id, user.id)).returning();
  await voidLinks(tx, user.id, ['verify-email', 'reset-password'], deps.clock());
  // As any change's confirmation: it greets nobody, so it carries no text the asker chose (decision 035).
  await mailLink(deps, tx, changed!, 'change-email', email);
  return changed!;
}

/**
 * "This wasn't me", from the notice sent to the account's address when a change was asked for. The account gets that
 * address back if the change went through meanwhile; every email link still out stops working; every session ends
 * but the one asking, when it is the account's own (whoever asked for the change is signed out). Returns the account
 * and the address it has now.
 */
export async function cancelEmailChange(
  deps: LinkDeps,
  tokenText: string,
  asking: { userId: string; sessionId: string } | null,
): Promise<{ userId: string; email: string }> {
  const now = deps.clock();
  // An address someone else has taken since is refused: the account keeps the one it has.
  return claimingEmail(() =>
    deps.db.transaction(async (tx) => {
      const token = await consumeToken(tx, tokenText, 'cancel-email-change', now);
      if (!token) throw errors.cancelTokenInvalid();
      await setEmail(tx, token.userId, token.email, now);
      await voidLinks(tx, token.userId, ['verify-email', 'reset-password'], now);
      await endSessions(tx, token.userId, {
        keep: asking?.userId === token.userId ? asking.sessionId : null,
        now,
      });
      return { userId: token.userId, email: token.email };
    }),
  );
}
