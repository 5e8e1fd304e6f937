import { describe, expect, it } from 'vitest';
import { mailEn } from '../shared/i18n/mail.en';
import type { User } from '../shared/schemas/auth';
import { accountActions } from './test/account-links';
import { linkIn, useMailApp } from './test/mail';
import { signIn, signUp, uniqueEmail } from './test/helpers';

/**
 * "Wrong address? Change it" after sign-up (decision 041): an address never confirmed is replaced at once, and the
 * address typed wrong, which may be a stranger's, keeps no way into the account.
 */
const t = useMailApp();

const { me, changeEmail, newestLink, verify, resetWith, requestReset } = accountActions(t, '10.49');

describe('changing an address before it is confirmed', () => {
  it('replaces it at once, sends the link to the right one, and tells the wrong one nothing', async () => {
    const person = await signUp(t.app, { email: uniqueEmail('typo') });
    const wrongLink = await newestLink(person.email, 'verify-email');
    const right = uniqueEmail('right');

    const changed = await changeEmail(person, right);
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ user: User }>().user).toMatchObject({ email: right, emailVerified: false });

    // The wrong address's link is dead, and it got no notice with a way to take the address back.
    expect((await verify(wrongLink)).json().code).toBe('VERIFY_TOKEN_INVALID');
    await t.deliver();
    expect(t.smtp.to(person.email).map((mail) => mail.subject)).toEqual([mailEn.verifyEmail.subject]);
    expect(t.smtp.to(person.email).some((mail) => mail.text.includes('/cancel-email-change'))).toBe(false);

    // The right address gets the link, greeting nobody as any change's does, and it works.
    const [mail] = t.smtp.to(right);
    expect(mail?.subject).toBe(mailEn.changeEmail.subject);
    expect(mail?.text).toContain(mailEn.greetingPlain);
    const confirmed = await verify(linkIn(mail, 'verify-email').token);
    expect(confirmed.json()).toEqual({ ok: true, email: right });
    await signIn(t.app, right, person.password);
  });

  it('leaves the wrong address no reset: neither a link mailed before nor one asked for after', async () => {
    const person = await signUp(t.app, { email: uniqueEmail('typo') });
    await requestReset(person.email);
    const earlyReset = await newestLink(person.email, 'reset-password');
    expect((await changeEmail(person, uniqueEmail('right'))).statusCode).toBe(200);

    const reset = await resetWith(earlyReset);
    expect(reset.json().code).toBe('RESET_TOKEN_INVALID');
    const before = t.smtp.to(person.email).length;
    await requestReset(person.email);
    await t.deliver();
    expect(t.smtp.to(person.email)).toHaveLength(before);
  });

  it('refuses an address another account has, as sign-up does, and changes nothing', async () => {
    const other = await signUp(t.app);
    const person = await signUp(t.app, { email: uniqueEmail('typo') });
    const refused = await changeEmail(person, other.email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('EMAIL_TAKEN');
    expect((await me(person)).json<{ user: User }>().user.email).toBe(person.email);
  });

  it('still asks for the password', async () => {
    const person = await signUp(t.app, { email: uniqueEmail('typo') });
    const refused = await changeEmail(person, uniqueEmail('right'), undefined, 'not-the-password-1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('WRONG_PASSWORD');
    expect((await me(person)).json<{ user: User }>().user.email).toBe(person.email);
  });

  it('takes the confirmed way once the address is confirmed: nothing changes until the new link is opened', async () => {
    const person = await signUp(t.app);
    await verify(await newestLink(person.email, 'verify-email'));
    const next = uniqueEmail('next');
    const asked = await changeEmail(person, next);
    expect(asked.json<{ user: User }>().user.email).toBe(person.email);
    await t.deliver();
    const notice = t.smtp.to(person.email).find((m) => m.subject === mailEn.emailChangeNotice.subject);
    expect(notice).toBeDefined();
  });
});
