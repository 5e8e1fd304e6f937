import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION } from '../../../shared/constants';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { accountTokens, failedSignins, mailOutbox, users } from '../../db/schema';
import { bearer, signIn, signUp } from '../../test/helpers';
import { useAuthApp } from '../auth/auth.test-helpers';
import { api, ids, questionRow } from '../questions/questions.test-helpers';
import { changeRole } from './service';

const { t, post, me, sessionRows } = useAuthApp();

describe('password change', () => {
  it('ends the other sessions, keeps the current one and takes the new password', async () => {
    const account = await signUp(t.app);
    const other = await signIn(t.app, account.email, account.password);
    const newPassword = 'Another-Strong-Passphrase-7';
    const response = await post(
      '/api/auth/password',
      { currentPassword: account.password, newPassword },
      bearer(account.token),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    expect((await me(bearer(account.token))).statusCode).toBe(200);
    expect((await me(bearer(other.token))).statusCode).toBe(401);
    expect(await sessionRows(account.user.id)).toHaveLength(1);

    expect(
      (await post('/api/auth/signin', { email: account.email, password: account.password })).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/signin', { email: account.email, password: newPassword })).statusCode).toBe(
      200,
    );
  });

  it('answers 403 WRONG_PASSWORD for a wrong current password and changes nothing', async () => {
    const account = await signUp(t.app);
    const other = await signIn(t.app, account.email, account.password);
    const response = await post(
      '/api/auth/password',
      { currentPassword: 'not-my-password', newPassword: 'Brand-New-Passphrase-9' },
      bearer(account.token),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: pagesEn.errors.wrongPassword, code: 'WRONG_PASSWORD' });
    expect((await me(bearer(other.token))).statusCode).toBe(200);
    expect(
      (await post('/api/auth/signin', { email: account.email, password: account.password })).statusCode,
    ).toBe(200);
  });

  it('refuses a common or short new password', async () => {
    const account = await signUp(t.app);
    const common = await post(
      '/api/auth/password',
      { currentPassword: account.password, newPassword: 'password1' },
      bearer(account.token),
    );
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'COMMON_PASSWORD' });
    const short = await post(
      '/api/auth/password',
      { currentPassword: account.password, newPassword: 'short' },
      bearer(account.token),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ error: pagesEn.validation.passwordMin, code: 'VALIDATION' });
  });

  it('answers 401 without a session', async () => {
    const response = await post('/api/auth/password', {
      currentPassword: 'whatever1',
      newPassword: 'Whatever-Else-2',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('role change', () => {
  it('revokes every session of the user, and the new role applies from the next sign-in', async () => {
    const account = await signUp(t.app);
    const other = await signIn(t.app, account.email, account.password);
    const bystander = await signUp(t.app);

    const updated = await changeRole(t.db, account.user.id, 'mentor');
    expect(updated.role).toBe('mentor');

    expect((await me(bearer(account.token))).statusCode).toBe(401);
    expect((await me(bearer(other.token))).statusCode).toBe(401);
    expect(await sessionRows(account.user.id)).toHaveLength(0);
    expect((await me(bearer(bystander.token))).statusCode).toBe(200);

    const again = await signIn(t.app, account.email, account.password);
    expect(again.user.role).toBe('mentor');
  });

  it('throws NOT_FOUND for an unknown user', async () => {
    await expect(changeRole(t.db, '00000000-0000-4000-8000-000000000000', 'admin')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('profile', () => {
  it('updates the display name (trimmed) and the locale', async () => {
    const account = await signUp(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      payload: { displayName: '  Hoa Pham ', locale: 'vi' },
      headers: bearer(account.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { ...account.user, displayName: 'Hoa Pham', locale: 'vi' } });
    expect((await me(bearer(account.token))).json().user).toMatchObject({
      displayName: 'Hoa Pham',
      locale: 'vi',
    });

    const onlyLocale = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      payload: { locale: 'en' },
      headers: bearer(account.token),
    });
    expect(onlyLocale.json().user).toMatchObject({ displayName: 'Hoa Pham', locale: 'en' });
  });

  it('keeps the state a person lives in, or none, and refuses one that is not a state', async () => {
    const account = await signUp(t.app);
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/auth/me', payload, headers: bearer(account.token) });
    expect((await patch({ state: 'VIC' })).json().user).toMatchObject({ state: 'VIC' });
    expect((await me(bearer(account.token))).json().user).toMatchObject({ state: 'VIC' });
    const wrong = await patch({ state: 'Victoria' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(pagesEn.validation.stateInvalid);
    expect((await patch({ state: null })).json().user).toMatchObject({ state: null });
  });

  it('answers 400 for an empty body, an unknown locale or an empty name', async () => {
    const account = await signUp(t.app);
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/auth/me', payload, headers: bearer(account.token) });

    const empty = await patch({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: pagesEn.validation.nothingToUpdate, code: 'VALIDATION' });
    const locale = await patch({ locale: 'fr' });
    expect(locale.statusCode).toBe(400);
    expect(locale.json()).toEqual({ error: pagesEn.validation.localeInvalid, code: 'VALIDATION' });
    expect((await patch({ displayName: '  ' })).statusCode).toBe(400);
    expect((await me(bearer(account.token))).json()).toEqual({ user: account.user });
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: '/api/auth/me', payload: { locale: 'vi' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('refuses a wrong password with 403 and keeps the account', async () => {
    const account = await signUp(t.app);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/me',
      payload: { password: 'not-my-password' },
      headers: bearer(account.token),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    expect(await t.db.select().from(users).where(eq(users.id, account.user.id))).toHaveLength(1);
    expect((await me(bearer(account.token))).statusCode).toBe(200);
  });

  it('removes the user row, its sessions, its link tokens, its failed sign-ins and the emails to it', async () => {
    const account = await signUp(t.app);
    // Sign-up queued a confirmation email, with its link token.
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, account.email))).toHaveLength(
      1,
    );
    await signIn(t.app, account.email, account.password);
    await post('/api/auth/signin', { email: account.email, password: 'a-wrong-password' });
    expect(
      await t.db.select().from(failedSignins).where(eq(failedSignins.email, account.email)),
    ).toHaveLength(1);

    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/me',
      payload: { password: account.password },
      headers: { cookie: account.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.cookies.find((c) => c.name === SESSION.cookieName)?.value).toBe('');

    expect(await t.db.select().from(users).where(eq(users.id, account.user.id))).toHaveLength(0);
    expect(await sessionRows(account.user.id)).toHaveLength(0);
    expect(
      await t.db.select().from(failedSignins).where(eq(failedSignins.email, account.email)),
    ).toHaveLength(0);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, account.email))).toHaveLength(
      0,
    );
    expect(
      await t.db.select().from(accountTokens).where(eq(accountTokens.userId, account.user.id)),
    ).toHaveLength(0);
    expect((await me(bearer(account.token))).statusCode).toBe(401);
    expect(
      (await post('/api/auth/signin', { email: account.email, password: account.password })).statusCode,
    ).toBe(401);
  });

  it("takes back what the account gave other people's questions (replies, “This helped”, likes) and clears the caches", async () => {
    const q = api(t.app);
    const asker = await signUp(t.app);
    const leaving = await signUp(t.app);
    const question = await q.ask(bearer(asker.token), {
      title: 'Where can I see a GP who speaks Vietnamese?',
    });
    await q.reply(bearer(asker.token), question.id, 'I will ask at the clinic too.');
    const answered = await q.reply(
      bearer(leaving.token),
      question.id,
      'Try the healthdirect service finder.',
    );
    const reply = answered.replies.find((r) => r.content.startsWith('Try the healthdirect'))!;
    const helpful = `/api/questions/${question.id}/replies/${reply.id}/helpful`;
    expect((await q.post(helpful, undefined, bearer(asker.token))).statusCode).toBe(200);
    const like = `/api/questions/${question.id}/like`;
    expect((await q.post(like, { liked: true }, bearer(leaving.token))).statusCode).toBe(200);
    const own = await q.ask(bearer(leaving.token), { title: 'Which bank account suits a student?' });
    // The feed and the question page are cached for visitors as they are now.
    expect(ids((await q.list({ sort: 'latest' })).questions)).toEqual([own.id, question.id]);
    expect(await q.detail(question.id)).toMatchObject({ replyCount: 2, upvotes: 1 });
    expect(await questionRow(t.db, question.id)).toMatchObject({
      replyCount: 2,
      helpfulCount: 1,
      upvotes: 1,
    });

    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/me',
      payload: { password: leaving.password },
      headers: bearer(leaving.token),
    });
    expect(response.statusCode).toBe(200);
    expect(await questionRow(t.db, question.id)).toMatchObject({
      replyCount: 1,
      helpfulCount: 0,
      upvotes: 0,
    });
    expect(ids((await q.list({ sort: 'latest' })).questions)).toEqual([question.id]);
    const page = await q.detail(question.id);
    expect(page).toMatchObject({ replyCount: 1, upvotes: 0 });
    expect(page.replies.map((r) => r.content)).toEqual(['I will ask at the clinic too.']);
  });
});
