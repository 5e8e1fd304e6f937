import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../test/helpers';
import { mentor, post, startConversation } from './chat.test-helpers';

const ctx = useTestApp();

describe('chat message limit', () => {
  it('takes 5 messages a second from a person, then answers 429', async () => {
    const student = await signUp(ctx.app);
    const someMentor = await mentor(ctx.app, ctx.db);
    const conversation = await startConversation(ctx.app, student, someMentor.user.id);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(ctx.app, student, conversation.id, `m${i}`)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.json<{ code: string }>().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBe(1);
    // The mentor's messages are counted apart.
    expect((await post(ctx.app, someMentor, conversation.id, 'hello')).statusCode).toBe(201);
  });
});
