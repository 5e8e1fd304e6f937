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
 */
export async function requestEmailChange(
  deps: LinkDeps,
  user: SessionUser,
  input: { email: string; currentPassword: string },
  caller: PasswordCaller,
): Promise<void> {
  await checkCurrentPassword(deps.db, user, input.currentPassword, caller);
  if (input.email === user.email.toLowerCase()) throw errors.validation('validation.emailUnchanged');
  if (!deps.outbox.enabled) throw errors.mailUnavailable();
  await deps.db.transaction(async (tx) => {
    const owner = await findUserByEmail(tx, input.email);
    if (owner)
      await deps.outbox.add(tx, {
        kind: 'email-change-attempt',
        to: owner.email,
        locale: owner.locale,
        values: { name: owner.displayName },
      });
    else await mailLink(deps, tx, user, 'change-email', input.email);
    await mailLink(deps, tx, user, 'email-change-notice', user.email, { newEmail: input.email });
  });
  deps.outbox.queued();
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
