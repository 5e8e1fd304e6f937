import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminEn } from '../../../shared/i18n/admin.en';
import { mailEn } from '../../../shared/i18n/mail.en';
import { mailVi } from '../../../shared/i18n/mail.vi';
import { pagesVi } from '../../../shared/i18n/pages.vi';
import type { AdminUser } from '../../../shared/schemas/admin';
import type { User } from '../../../shared/schemas/auth';
import { users } from '../../db/schema';
import { bearer, signIn, signUp, uniqueEmail, userWithRole, type SignedUp } from '../../test/helpers';
import { linkIn, post, useMailApp } from '../../test/mail';

const t = useMailApp();
const HOUR = 60 * 60_000;

const me = async (person: SignedUp) =>
  (await t.app.inject({ url: '/api/auth/me', headers: bearer(person.token) })).json<{ user: User }>().user;
const verify = (token: string, headers: Record<string, string> = {}) =>
  post(t.app, '/api/auth/verify-email', { token }, headers);
const resend = (person: SignedUp) => post(t.app, '/api/auth/verify-email/resend', {}, bearer(person.token));

/** The newest confirmation link that reached an address. */
async function verifyToken(email: string): Promise<string> {
  await t.deliver();
  const links = t.smtp.to(email).filter((mail) => mail.text.includes('/verify-email?token='));
  return linkIn(links.at(-1), 'verify-email').token;
}

describe('confirming the address given at sign-up', () => {
  it('sends a link in the account’s language that confirms it once', async () => {
    const person = await signUp(t.app, { locale: 'vi' });
    expect(person.user.emailVerified).toBe(false);
    const token = await verifyToken(person.email);
    const mail = t.smtp.to(person.email)[0]!;
    expect(mail.subject).toBe(mailVi.verifyEmail.subject);
    expect(mail.raw).not.toContain(person.password);

    const response = await verify(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, email: person.email });
    expect((await me(person)).emailVerified).toBe(true);

    const again = await verify(token, { 'accept-language': 'vi' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: pagesVi.errors.verifyTokenInvalid, code: 'VERIFY_TOKEN_INVALID' });
  });

  it('works for 24 hours', async () => {
    const person = await signUp(t.app);
    const token = await verifyToken(person.email);
    t.clock.advance(24 * HOUR + 60_000);
    try {
      expect((await verify(token)).json().code).toBe('VERIFY_TOKEN_INVALID');
    } finally {
      t.clock.reset();
    }
    expect((await me(person)).emailVerified).toBe(false);
  });

  it('sends a new link on request, which replaces the old one, up to 3 an hour', async () => {
    const person = await signUp(t.app);
    const first = await verifyToken(person.email);
    expect((await resend(person)).statusCode).toBe(202);
    const second = await verifyToken(person.email);
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(400);

    expect((await resend(person)).statusCode).toBe(202);
    expect((await resend(person)).statusCode).toBe(202);
    const refused = await resend(person);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('sends none to a confirmed address or a visitor', async () => {
    const person = await signUp(t.app);
    expect((await verify(await verifyToken(person.email))).statusCode).toBe(200);
    const done = await resend(person);
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('EMAIL_ALREADY_VERIFIED');
    expect((await post(t.app, '/api/auth/verify-email/resend', {})).statusCode).toBe(401);
  });
});

describe('changing one’s email', () => {
  const change = (person: SignedUp, body: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/auth/me', payload: body, headers: bearer(person.token) });

  it('changes it only when the new address is confirmed, and tells the old one', async () => {
    const person = await signUp(t.app);
    await verify(await verifyToken(person.email));
    const newEmail = uniqueEmail('moved');
    const response = await change(person, { email: newEmail, currentPassword: person.password });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: User }>().user.email).toBe(person.email);

    await t.deliver();
    const notice = t.smtp.to(person.email).find((m) => m.subject === mailEn.emailChangeNotice.subject);
    expect(notice?.text).toContain(newEmail);
    const [confirmation] = t.smtp.to(newEmail);
    expect(confirmation?.subject).toBe(mailEn.changeEmail.subject);
    // Until then the old address signs in.
    await signIn(t.app, person.email, person.password);

    const confirmed = await verify(linkIn(confirmation, 'verify-email').token);
    expect(confirmed.json()).toEqual({ ok: true, email: newEmail });
    expect(await me(person)).toMatchObject({ email: newEmail, emailVerified: true });
    await signIn(t.app, newEmail, person.password);
    expect(
      (await post(t.app, '/api/auth/signin', { email: person.email, password: person.password })).statusCode,
    ).toBe(401);
  });

  it('asks for the current password and a different address', async () => {
    const person = await signUp(t.app);
    const wrong = await change(person, { email: uniqueEmail(), currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    const missing = await change(person, { email: uniqueEmail() });
    expect(missing.statusCode).toBe(400);
    const same = await change(person, {
      email: person.email.toUpperCase(),
      currentPassword: person.password,
    });
    expect(same.statusCode).toBe(400);
  });

  it('refuses a link whose address someone took meanwhile', async () => {
    const person = await signUp(t.app);
    await verify(await verifyToken(person.email));
    const wanted = uniqueEmail('wanted');
    await change(person, { email: wanted, currentPassword: person.password });
    await t.deliver();
    const token = linkIn(t.smtp.to(wanted)[0], 'verify-email').token;
    await signUp(t.app, { email: wanted });
    const response = await verify(token);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('EMAIL_TAKEN');
    expect((await me(person)).email).toBe(person.email);
  });
});

describe('signing up a mentor with the spec’s fields', () => {
  it('creates a mentor whom an admin verifies once the address is confirmed and a headline given', async () => {
    const admin = await userWithRole(t.app, t.db, 'admin');
    const email = uniqueEmail('spec-mentor');
    const response = await post(t.app, '/api/auth/signup', {
      email,
      password: 'Bright-Wattle-Morning-31',
      displayName: 'Spec Mentor',
      role: 'mentor',
    });
    expect(response.statusCode).toBe(201);
    const mentor = response.json<{ token: string; user: User }>().user;
    expect(mentor).toMatchObject({ role: 'mentor', mentorVerified: false, emailVerified: false });

    const verifyMentor = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${mentor.id}/verify`,
        payload: {},
        headers: bearer(admin.token),
      });
    const listed = await t.app.inject({
      url: '/api/admin/users?filter=mentors-to-verify',
      headers: bearer(admin.token),
    });
    expect(listed.json<{ users: AdminUser[] }>().users.find((u) => u.id === mentor.id)).toMatchObject({
      emailVerified: false,
      headline: null,
    });

    const unconfirmed = await verifyMentor();
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toEqual({ error: adminEn.emailNotVerified, code: 'EMAIL_NOT_VERIFIED' });

    await verify(await verifyToken(email));
    const incomplete = await verifyMentor();
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().code).toBe('PROFILE_INCOMPLETE');

    await t.db.update(users).set({ headline: 'Nursing in Melbourne' }).where(eq(users.id, mentor.id));
    const verified = await verifyMentor();
    expect(verified.statusCode).toBe(200);
    expect(verified.json<AdminUser>()).toMatchObject({ mentorVerified: true, emailVerified: true });
  });
});
