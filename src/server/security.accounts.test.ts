import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailEn } from '../shared/i18n/mail.en';
import { pagesEn } from '../shared/i18n/pages.en';
import type { User } from '../shared/schemas/auth';
import { accountTokens, mailOutbox, notificationPreferences, passwordResetRequests } from './db/schema';
import { EMAIL_CHANGES_PER_HOUR } from './lib/rate-limits';
import { accountActions, NEW_PASSWORD } from './test/account-links';
import { linkIn, useMailApp } from './test/mail';
import { unsubscribeLinks, unsubscribeSecret, unsubscribeToken } from './modules/notifications/unsubscribe';
import { bearer, signIn, signUp, uniqueEmail, userWithRole } from './test/helpers';

/** Wrong current passwords an account takes from one address in an hour before it is locked there. */
const FAILURES_PER_HOUR = 4;
const t = useMailApp({ RATE_LIMIT_FAILED_SIGNIN_PER_ACCOUNT_PER_HOUR: String(FAILURES_PER_HOUR) });

const { newCaller, me, changeEmail, newestLink, verify, cancel, resetWith, requestReset } = accountActions(
  t,
  '10.48',
);

/** An account whose address is confirmed, and someone who knows its password asking to move it to their own. */
async function pendingTakeover() {
  const owner = await signUp(t.app);
  await verify(await newestLink(owner.email, 'verify-email'));
  const thief = await signIn(t.app, owner.email, owner.password);
  const thiefEmail = uniqueEmail('thief');
  expect((await changeEmail(thief, thiefEmail)).statusCode).toBe(200);
  const changeLink = await newestLink(thiefEmail, 'verify-email');
  return { owner, thief, thiefEmail, changeLink };
}

describe('a pending email change', () => {
  it('dies with a password change: the link sent to the new address no longer works', async () => {
    const { owner, thiefEmail, changeLink } = await pendingTakeover();
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { currentPassword: owner.password, newPassword: NEW_PASSWORD },
      headers: bearer(owner.token),
      remoteAddress: newCaller(),
    });
    expect(changed.statusCode).toBe(200);
    const opened = await verify(changeLink);
    expect(opened.statusCode).toBe(400);
    expect(opened.json().code).toBe('VERIFY_TOKEN_INVALID');
    expect((await me(owner)).json<{ user: User }>().user.email).toBe(owner.email);
    // The thief's address cannot ask for a reset of the account either.
    await requestReset(thiefEmail);
    await t.deliver();
    expect(t.smtp.to(thiefEmail).filter((m) => m.subject === mailEn.resetPassword.subject)).toHaveLength(0);
  });

  it('dies with a password reset', async () => {
    const { owner, changeLink } = await pendingTakeover();
    await requestReset(owner.email);
    expect((await resetWith(await newestLink(owner.email, 'reset-password'))).statusCode).toBe(200);
    expect((await verify(changeLink)).json().code).toBe('VERIFY_TOKEN_INVALID');
    await signIn(t.app, owner.email, NEW_PASSWORD);
  });

  it('dies when an admin’s change ends every session', async () => {
    const { owner, changeLink } = await pendingTakeover();
    const admin = await userWithRole(t.app, t.db, 'admin');
    const made = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${owner.user.id}/role`,
      payload: { role: 'mentor' },
      headers: bearer(admin.token),
    });
    expect(made.statusCode).toBe(200);
    expect((await verify(changeLink)).json().code).toBe('VERIFY_TOKEN_INVALID');
  });

  it('is cancelled from the old address’s notice, which ends the other sessions and keeps the asking one', async () => {
    const { owner, thief, changeLink } = await pendingTakeover();
    const notice = t.smtp.to(owner.email).find((m) => m.subject === mailEn.emailChangeNotice.subject);
    expect(notice?.text).toContain(mailEn.emailChangeNotice.action);
    const token = linkIn(notice, 'cancel-email-change').token;

    const cancelled = await cancel(token, bearer(owner.token));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ ok: true, email: owner.email });
    expect((await verify(changeLink)).json().code).toBe('VERIFY_TOKEN_INVALID');
    expect((await me(thief)).statusCode).toBe(401);
    expect((await me(owner)).statusCode).toBe(200);
    // Once.
    expect((await cancel(token)).json().code).toBe('CANCEL_TOKEN_INVALID');
  });

  it('is undone from the notice after the thief confirmed it: the account gets its address back', async () => {
    const { owner, thief, thiefEmail, changeLink } = await pendingTakeover();
    const token = await newestLink(owner.email, 'cancel-email-change');
    expect((await verify(changeLink)).statusCode).toBe(200);
    expect((await me(thief)).json<{ user: User }>().user.email).toBe(thiefEmail);

    const undone = await cancel(token);
    expect(undone.json()).toEqual({ ok: true, email: owner.email });
    for (const session of [owner, thief]) expect((await me(session)).statusCode).toBe(401);
    const back = await signIn(t.app, owner.email, owner.password);
    expect(back.user).toMatchObject({ email: owner.email, emailVerified: true });
  });

  it('leaves a reset link mailed to the old address dead once the address has changed', async () => {
    const person = await signUp(t.app);
    await requestReset(person.email);
    const resetLink = await newestLink(person.email, 'reset-password');
    const moved = uniqueEmail('moved');
    await changeEmail(person, moved);
    expect((await verify(await newestLink(moved, 'verify-email'))).statusCode).toBe(200);

    const used = await resetWith(resetLink);
    expect(used.statusCode).toBe(400);
    expect(used.json().code).toBe('RESET_TOKEN_INVALID');
    await signIn(t.app, moved, person.password);
  });
});

describe('asking to change an email', () => {
  it('answers a taken address as a free one, tells the taken address’s owner, and changes nothing', async () => {
    const person = await signUp(t.app, { displayName: 'Asking Person' });
    // A confirmed address (one never confirmed is replaced at once: security.unconfirmed-email.test.ts).
    await verify(await newestLink(person.email, 'verify-email'));
    const owner = await signUp(t.app, { displayName: 'Owner Person' });
    const free = await changeEmail(person, uniqueEmail('free'));
    const taken = await changeEmail(person, owner.email);
    expect([free.statusCode, taken.statusCode]).toEqual([200, 200]);
    expect(taken.body).toBe(free.body);

    await t.deliver();
    const toOwner = t.smtp.to(owner.email).filter((m) => m.subject === mailEn.emailChangeAttempt.subject);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.text).toContain('Hello Owner Person,');
    expect(toOwner[0]!.text).not.toContain('Asking Person');
    expect(toOwner[0]!.text).not.toMatch(/token=/);
    // The asker's own address hears of both alike.
    const notices = t.smtp.to(person.email).filter((m) => m.subject === mailEn.emailChangeNotice.subject);
    expect(notices).toHaveLength(2);
    expect((await me(owner)).json<{ user: User }>().user.email).toBe(owner.email);
    expect((await me(person)).json<{ user: User }>().user.email).toBe(person.email);
  });

  it('greets a new address without the name the account chose', async () => {
    const person = await signUp(t.app, { displayName: 'Your bank says call now' });
    const target = uniqueEmail('victim');
    await changeEmail(person, target);
    await t.deliver();
    const [mail] = t.smtp.to(target);
    expect(mail?.text).toContain('Hello,');
    expect(mail?.raw).not.toContain('Your bank says call now');
  });

  it(`allows ${EMAIL_CHANGES_PER_HOUR.account} an hour per account`, async () => {
    const person = await signUp(t.app);
    for (let i = 0; i < EMAIL_CHANGES_PER_HOUR.account; i += 1)
      expect((await changeEmail(person, uniqueEmail())).statusCode).toBe(200);
    const refused = await changeEmail(person, uniqueEmail());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      error: pagesEn.errors.tooManyEmailChanges.replace('{{minutes}}', '60'),
      code: 'RATE_LIMITED',
    });
    // A new name is not an email change.
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      payload: { displayName: 'Still Allowed' },
      headers: bearer(person.token),
    });
    expect(renamed.statusCode).toBe(200);
  });

  it(`allows ${EMAIL_CHANGES_PER_HOUR.caller} an hour per caller, whatever the accounts`, async () => {
    const caller = newCaller();
    const people = await Promise.all(Array.from({ length: 4 }, () => signUp(t.app)));
    let sent = 0;
    for (const person of people)
      for (let i = 0; i < EMAIL_CHANGES_PER_HOUR.account && sent < EMAIL_CHANGES_PER_HOUR.caller; i += 1) {
        expect((await changeEmail(person, uniqueEmail(), caller)).statusCode).toBe(200);
        sent += 1;
      }
    const refused = await changeEmail(people.at(-1)!, uniqueEmail(), caller);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('a current password given to change the account', () => {
  it('counts its failures with sign-in’s, per account and address, for email, password and deletion', async () => {
    const person = await signUp(t.app);
    const caller = newCaller();
    const attempts = [
      () => changeEmail(person, uniqueEmail(), caller, 'not-my-password'),
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/password',
          payload: { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD },
          headers: bearer(person.token),
          remoteAddress: caller,
        }),
      () =>
        t.app.inject({
          method: 'DELETE',
          url: '/api/auth/me',
          payload: { password: 'not-my-password' },
          headers: bearer(person.token),
          remoteAddress: caller,
        }),
    ];
    for (let i = 0; i < FAILURES_PER_HOUR; i += 1)
      expect((await attempts[i % attempts.length]!()).json().code).toBe('WRONG_PASSWORD');
    for (const attempt of attempts) {
      const locked = await attempt();
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error).toBe(pagesEn.errors.accountLocked.replace('{{minutes}}', '60'));
    }
    // Signing in from there is locked too; from elsewhere it is not.
    const signin = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: person.email, password: person.password },
        remoteAddress,
      });
    expect((await signin(caller)).statusCode).toBe(429);
    expect((await signin(newCaller())).statusCode).toBe(200);
  });
});

describe('a password reset request', () => {
  it('does the same work for a known and an unknown address, and nothing more until the worker runs', async () => {
    const known = await signUp(t.app);
    const unknown = uniqueEmail('nobody');
    await t.deliver();
    const outboxBefore = await t.db.$count(mailOutbox);
    expect((await requestReset(known.email)).statusCode).toBe(202);
    expect((await requestReset(unknown)).statusCode).toBe(202);
    // Long after both answers, the request path has still written only its two rows.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const resetTokens = await t.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, known.user.id))
      .then((rows) => rows.filter((row) => row.purpose === 'reset-password'));
    expect(resetTokens).toEqual([]);
    expect(await t.db.$count(mailOutbox)).toBe(outboxBefore);
    const waiting = await t.db.select({ email: passwordResetRequests.email }).from(passwordResetRequests);
    expect(waiting.map((row) => row.email).sort()).toEqual([known.email, unknown].sort());

    await t.deliver();
    expect(await t.db.$count(passwordResetRequests)).toBe(0);
    expect(t.smtp.to(known.email).filter((m) => m.subject === mailEn.resetPassword.subject)).toHaveLength(1);
    expect(t.smtp.to(unknown)).toHaveLength(0);
  });
});

describe('an unsubscribe link', () => {
  it('changes nothing when it is only opened: the page waits for a tap, the API for a POST', async () => {
    const person = await signUp(t.app);
    const token = unsubscribeToken(await unsubscribeSecret(t.db), person.user.id, 'reply_to_my_question');
    const { page, oneClick } = unsubscribeLinks('', token);
    const prefsBefore = await t.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, person.user.id));
    for (const url of [page, oneClick]) await t.app.inject({ url });
    const prefsAfter = await t.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, person.user.id));
    expect(prefsAfter).toEqual(prefsBefore);
    // The one-click POST still works, without a session.
    const oneClickPost = await t.app.inject({
      method: 'POST',
      url: oneClick,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClickPost.json()).toEqual({ type: 'reply_to_my_question' });
  });
});
