import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../test/helpers';
import { mentor, post, startConversation } from './chat.test-helpers';

const ctx = useTestApp();

/** The counter of a person's chat messages (plugins/rate-limit.ts: the limit's name, then whose). */
const counterKey = (userId: string) => `chat-message:${userId}`;

/** The database's clock, which times the limit's windows. */
const clock = async () =>
  (await ctx.db.execute<{ at: string }>(sql`select clock_timestamp()::text as at`)).rows[0]!.at;

describe('chat message limit', () => {
  it('takes 5 messages a second from a person, then answers 429', async () => {
    const student = await signUp(ctx.app);
    const someMentor = await mentor(ctx.app, ctx.db);
    const conversation = await startConversation(ctx.app, student, someMentor.user.id);

    // A burst inside one window, however slow this machine is: the student's window is made to last an hour.
    await ctx.db.execute(sql`
      insert into rate_limits (key, count, reset_at)
      values (${counterKey(student.user.id)}, 0, clock_timestamp() + interval '1 hour')`);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(ctx.app, student, conversation.id, `m${i}`)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.json<{ code: string }>().code).toBe('RATE_LIMITED');
    // Retry-After is the time left in the window.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // The mentor's messages are counted apart, and a person's first message opens a window of one second.
    const before = await clock();
    expect((await post(ctx.app, someMentor, conversation.id, 'hello')).statusCode).toBe(201);
    const after = await clock();
    const [window] = (
      await ctx.db.execute<{ count: number; fromBefore: number; fromAfter: number }>(sql`
        select count,
          (extract(epoch from reset_at - ${before}::timestamptz) * 1000)::float8 as "fromBefore",
          (extract(epoch from reset_at - ${after}::timestamptz) * 1000)::float8 as "fromAfter"
        from rate_limits where key = ${counterKey(someMentor.user.id)}`)
    ).rows;
    expect(window!.count).toBe(1);
    expect(window!.fromBefore).toBeGreaterThanOrEqual(1000);
    expect(window!.fromAfter).toBeLessThanOrEqual(1000);
  });
});
