import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../db/schema';
import { LISTENER_NAME } from '../realtime/bus';
import { bearer, signUp, useTwoInstances } from '../test/helpers';

// Two instances on one database, each keeping the sessions it has read: a session that ends on one is refused on the
// other as soon as it hears, and within a second when it cannot hear.
const ctx = useTwoInstances();
const soon = { timeout: 1_000, interval: 10 };

async function me(app: typeof ctx.one, token: string) {
  const response = await app.inject({ url: '/api/auth/me', headers: bearer(token) });
  return { status: response.statusCode, user: response.statusCode === 200 ? response.json().user : null };
}

describe('sessions kept on two instances', () => {
  it('answers from what it keeps: a change that nobody announces is not seen until the keeping ends', async () => {
    const person = await signUp(ctx.one);
    expect((await me(ctx.two, person.token)).status).toBe(200);
    // Changed behind the app's back: no trigger announces an expiry moved by hand.
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.userId, person.user.id));
    expect((await me(ctx.two, person.token)).status).toBe(200);
    // The person's row changes (the users trigger): every instance forgets them, and reads the session again.
    await ctx.database.db.update(users).set({ displayName: 'Renamed' }).where(eq(users.id, person.user.id));
    await vi.waitFor(async () => expect((await me(ctx.two, person.token)).status).toBe(401), soon);
  });

  it('refuses a session signed out on the other instance as soon as that is heard', async () => {
    const person = await signUp(ctx.one);
    expect((await me(ctx.two, person.token)).status).toBe(200);
    const out = await ctx.one.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: bearer(person.token),
    });
    expect(out.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await me(ctx.two, person.token)).status).toBe(401), soon);
  });

  it('shows a change of role or name made on one instance on the other, and on the same one at once', async () => {
    const person = await signUp(ctx.one, { displayName: 'Before' });
    expect((await me(ctx.two, person.token)).user.displayName).toBe('Before');
    const renamed = await ctx.one.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(person.token),
      payload: { displayName: 'After' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await me(ctx.one, person.token)).user.displayName).toBe('After');
    await vi.waitFor(
      async () => expect((await me(ctx.two, person.token)).user.displayName).toBe('After'),
      soon,
    );
  });

  it('reads every session from the database while it cannot hear, so a revoked one is refused within a second', async () => {
    const person = await signUp(ctx.one);
    expect((await me(ctx.two, person.token)).status).toBe(200);
    // Every instance's listening connection is cut: deleting the session now is heard by nobody.
    await ctx.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = ${LISTENER_NAME}`,
    );
    await ctx.database.db.delete(sessions).where(eq(sessions.userId, person.user.id));
    await vi.waitFor(async () => expect((await me(ctx.two, person.token)).status).toBe(401), soon);
  });
});
