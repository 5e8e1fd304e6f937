import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailEn } from '../../../shared/i18n/mail.en';
import { mailVi } from '../../../shared/i18n/mail.vi';
import { pagesVi } from '../../../shared/i18n/pages.vi';
import { accountTokens, mailOutbox, users } from '../../db/schema';
import { bearer, signIn, signUp, TEST_PASSWORD, uniqueEmail } from '../../test/helpers';
import { linkIn, post, useMailApp } from '../../test/mail';
import { resetLink } from './email-links';
import { findUserByEmail } from './service';

const t = useMailApp();
const NEW_PASSWORD = 'Quiet-Harbour-Lantern-77';
const MINUTE = 60_000;

let callers = 0;
/** Each test asks from its own address, so the per-caller limit of one test does not reach the next. */
const newCaller = () => `10.0.${Math.floor(++callers / 250)}.${callers % 250}`;

async function requestReset(email: string, remoteAddress = newCaller()) {
  return t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress });
}

/** Asks for a reset and returns the token of the link that arrives. */
async function resetToken(email: string): Promise<string> {
  const resets = () => t.smtp.to(email).filter((mail) => mail.text.includes('/reset-password?token='));
  const before = resets().length;
  expect((await requestReset(email)).statusCode).toBe(202);
  await t.deliver();
  expect(resets()).toHaveLength(before + 1);
  return linkIn(resets().at(-1), 'reset-password').token;
}

const confirm = (token: string, password = NEW_PASSWORD, headers: Record<string, string> = {}) =>
  post(t.app, '/api/auth/password-reset/confirm', { token, password }, headers);

describe('asking for a password reset', () => {
  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const known = await signUp(t.app);
    const unknown = uniqueEmail('nobody');
    const a = await requestReset(known.email);
    const b = await requestReset(unknown);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.body).toBe(b.body);
    expect(a.json()).toEqual({ ok: true });
    await t.deliver();
    expect(t.smtp.to(unknown)).toHaveLength(0);
    const [mail] = t.smtp.to(known.email).filter((m) => m.subject === mailEn.resetPassword.subject);
    const { url } = linkIn(mail, 'reset-password');
    expect(url.startsWith('http://localhost:5000/reset-password?token=')).toBe(true);
    // Nothing in it repeats the password.
    expect(mail!.raw).not.toContain(TEST_PASSWORD);
  });

  it('writes in the account’s language', async () => {
    const person = await signUp(t.app, { locale: 'vi', displayName: 'Lan Nguyễn' });
    await resetToken(person.email);
    const mail = t.smtp.to(person.email).find((m) => m.subject === mailVi.resetPassword.subject)!;
    expect(mail).toBeDefined();
    expect(mail.text).toContain('Xin chào Lan Nguyễn,');
    expect(mail.lang).toBe('vi');
  });

  it('sends nothing for a demo account, with the same answer', async () => {
    const demo = await signUp(t.app);
    await t.db.update(users).set({ isDemo: true }).where(eq(users.id, demo.user.id));
    const response = await requestReset(demo.email);
    expect(response.statusCode).toBe(202);
    await t.deliver();
    expect(t.smtp.to(demo.email).filter((m) => m.subject === mailEn.resetPassword.subject)).toHaveLength(0);
    expect(await t.db.select().from(accountTokens).where(eq(accountTokens.userId, demo.user.id))).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ purpose: 'reset-password' })]),
    );
  });

  it('allows 3 an hour for one address, from anywhere', async () => {
    const person = await signUp(t.app);
    for (let i = 0; i < 3; i += 1) expect((await requestReset(person.email)).statusCode).toBe(202);
    const refused = await requestReset(person.email);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });

  it('allows 10 an hour from one caller, whatever the addresses', async () => {
    const caller = newCaller();
    for (let i = 0; i < 10; i += 1) expect((await requestReset(uniqueEmail(), caller)).statusCode).toBe(202);
    const refused = await requestReset(uniqueEmail(), caller);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('refuses an address that is not one, in the reader’s language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'not-an-email' },
      headers: { 'accept-language': 'vi' },
      remoteAddress: newCaller(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(pagesVi.validation.emailInvalid);
  });
});

describe('choosing a new password from the link', () => {
  it('sets the password, ends every session and confirms the address', async () => {
    const person = await signUp(t.app);
    const other = await signIn(t.app, person.email, person.password);
    const token = await resetToken(person.email);
    const response = await confirm(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    for (const session of [person, other]) {
      expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(session.token) })).statusCode).toBe(
        401,
      );
    }
    const old = await post(t.app, '/api/auth/signin', { email: person.email, password: person.password });
    expect(old.statusCode).toBe(401);
    const signedIn = await signIn(t.app, person.email, NEW_PASSWORD);
    expect(signedIn.user.emailVerified).toBe(true);
  });

  it('works once', async () => {
    const person = await signUp(t.app);
    const token = await resetToken(person.email);
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token, 'Another-Long-Passphrase-9', { 'accept-language': 'vi' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: pagesVi.errors.resetTokenInvalid,
      code: 'RESET_TOKEN_INVALID',
    });
  });

  it('works for 60 minutes', async () => {
    const person = await signUp(t.app);
    const late = await resetToken(person.email);
    t.clock.advance(61 * MINUTE);
    try {
      expect((await confirm(late)).json().code).toBe('RESET_TOKEN_INVALID');
      const inTime = await resetToken(person.email);
      t.clock.advance(59 * MINUTE);
      expect((await confirm(inTime)).statusCode).toBe(200);
    } finally {
      t.clock.reset();
    }
  });

  it('stops working when a newer link is asked for', async () => {
    const person = await signUp(t.app);
    const first = await resetToken(person.email);
    const second = await resetToken(person.email);
    expect((await confirm(first)).json().code).toBe('RESET_TOKEN_INVALID');
    expect((await confirm(second)).statusCode).toBe(200);
  });

  it('refuses an unknown or empty token', async () => {
    for (const token of ['x'.repeat(43), '', 'not a token at all']) {
      const response = await confirm(token);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('RESET_TOKEN_INVALID');
    }
  });

  it('checks the password by the sign-up rules and keeps the link for a better one', async () => {
    const person = await signUp(t.app);
    const token = await resetToken(person.email);
    const short = await confirm(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('VALIDATION');
    const common = await confirm(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('COMMON_PASSWORD');
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('keeps only a hash of the token, and the sent email’s body is not kept', async () => {
    const person = await signUp(t.app);
    const token = await resetToken(person.email);
    const rows = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, person.user.id));
    expect(rows.some((row) => row.tokenHash.includes(token))).toBe(false);
    const sent = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.email));
    expect(sent.every((row) => row.status === 'sent' && !row.text.includes(token) && !row.html)).toBe(true);
  });
});

describe('a reset link for an operator without mail (npm run admin -- --reset-link)', () => {
  it('is a link to this site that works once, like an emailed one', async () => {
    const person = await signUp(t.app);
    const user = (await findUserByEmail(t.db, person.email))!;
    const link = await resetLink(
      { db: t.db, linkBase: 'https://mentorme.example', clock: t.clock.now },
      user,
    );
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('https://mentorme.example/reset-password');
    const token = url.searchParams.get('token')!;
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await confirm(token)).json().code).toBe('RESET_TOKEN_INVALID');
  });
});
