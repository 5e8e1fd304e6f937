import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helpers';
import { openSocket } from './realtime.test-helpers';

const PER_MINUTE = 5;
const ctx = useTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: String(PER_MINUTE) });
let base = '';

beforeAll(async () => {
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

describe('upgrades and the per-address limit', () => {
  it('counts every upgrade, so past the limit a bad token is refused with 429 before it is looked up', async () => {
    for (let i = 0; i < PER_MINUTE; i += 1)
      await expect(openSocket(base, { cookie: `mentorme_session=bad-${i}` })).rejects.toMatchObject({
        status: 401,
      });
    await expect(openSocket(base, { cookie: 'mentorme_session=bad' })).rejects.toMatchObject({ status: 429 });
    await expect(openSocket(base, {}, '/ws/public')).rejects.toMatchObject({ status: 429 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/government/status' })).statusCode).toBe(429);
    // Health checks stay outside the limits: a proxy's probes must never be refused.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
