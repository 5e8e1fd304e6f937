import { beforeAll, describe, expect, it, vi } from 'vitest';
import { insertPerson } from '../modules/notifications/delivery.test-helpers';
import { createSession } from '../plugins/auth';
import { bearer, useTestApp } from '../test/helpers';
import {
  MAX_SOCKETS_PER_ADDRESS,
  MAX_SOCKETS_PER_MEMBER,
  MAX_SOCKETS_PER_SESSION,
  MAX_VISITOR_SOCKETS_PER_ADDRESS,
} from '../lib/rate-limits';
import { openSocket, type TestSocket } from './realtime.test-helpers';

const PER_MINUTE = 5;
const ctx = useTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: String(PER_MINUTE) });
// Its own database, so the sockets below count against no limit of the first app's; the test names each
// socket's address (X-Forwarded-For from this machine, which it trusts).
const roomy = useTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '100000', TRUST_PROXY: '127.0.0.1' });
let base = '';
let roomyBase = '';

beforeAll(async () => {
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  roomyBase = await roomy.app.listen({ port: 0, host: '127.0.0.1' });
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

/** A member signed in `sessions` times, by their tokens. */
async function memberWithSessions(sessions: number): Promise<string[]> {
  const person = await insertPerson(roomy.db);
  return Promise.all(Array.from({ length: sessions }, () => createSession(roomy.db, person.id)));
}

/** `count` sockets of one session, from one address. */
const sessionSockets = (token: string, address: string, count: number) =>
  Promise.all(
    Array.from({ length: count }, () =>
      openSocket(roomyBase, { ...bearer(token), 'x-forwarded-for': address }),
    ),
  );

const closeAll = async (sockets: TestSocket[]) => {
  for (const socket of sockets) socket.ws.close();
  await Promise.all(sockets.map((socket) => socket.closed));
};

/** The answer to an upgrade that must be refused: its status and its body, in the app's shape. */
async function refusal(opening: Promise<unknown>) {
  const error = await opening.then(
    () => expect.unreachable('the upgrade was taken'),
    (refused: { status: number; body: string }) => refused,
  );
  return { status: error.status, body: JSON.parse(error.body) as { error: string; code: string } };
}

const TOO_MANY = { status: 429, body: { code: 'RATE_LIMITED', error: expect.any(String) } };

describe('the sockets of one member, across their sessions', () => {
  it(`are at most ${MAX_SOCKETS_PER_MEMBER} on an instance, and another member is not held back`, async () => {
    // Each session below its own limit, so only the member's can refuse.
    const perSession = MAX_SOCKETS_PER_SESSION - 1;
    const tokens = await memberWithSessions(Math.ceil(MAX_SOCKETS_PER_MEMBER / perSession) + 1);
    const address = '198.51.100.1';
    const sockets: TestSocket[] = [];
    for (let left = MAX_SOCKETS_PER_MEMBER, i = 0; left > 0; i += 1) {
      const count = Math.min(left, perSession);
      sockets.push(...(await sessionSockets(tokens[i]!, address, count)));
      left -= count;
    }
    const unused = tokens.at(-1)!;
    expect(await refusal(sessionSockets(unused, address, 1))).toMatchObject(TOO_MANY);

    const [other] = await memberWithSessions(1);
    const theirs = await sessionSockets(other!, address, 1);
    await closeAll([sockets.pop()!]);
    // The server counts the closed socket out as soon as it sees the close, which may come a moment after ours.
    const freed = await vi.waitFor(() => sessionSockets(unused, address, 1), { timeout: 10_000 });
    await closeAll([...sockets, ...theirs, ...freed]);
  });
});

describe('the sockets from one address, members’ and visitors’ together', () => {
  it(`are at most ${MAX_SOCKETS_PER_ADDRESS} on an instance, and other addresses are not held back`, async () => {
    const address = '198.51.100.2';
    const visitors = Math.floor(MAX_VISITOR_SOCKETS_PER_ADDRESS / 2);
    const sockets = await Promise.all(
      Array.from({ length: visitors }, () =>
        openSocket(roomyBase, { 'x-forwarded-for': address }, '/ws/public'),
      ),
    );
    while (sockets.length < MAX_SOCKETS_PER_ADDRESS) {
      const [token] = await memberWithSessions(1);
      const count = Math.min(MAX_SOCKETS_PER_ADDRESS - sockets.length, MAX_SOCKETS_PER_SESSION);
      sockets.push(...(await sessionSockets(token!, address, count)));
    }
    const [token] = await memberWithSessions(1);
    expect(await refusal(sessionSockets(token!, address, 1))).toMatchObject(TOO_MANY);
    // A visitor too, though visitors from this address are under their own limit.
    const visitor = openSocket(roomyBase, { 'x-forwarded-for': address }, '/ws/public');
    expect(await refusal(visitor)).toMatchObject(TOO_MANY);

    const elsewhere = await sessionSockets(token!, '198.51.100.3', 1);
    await closeAll([sockets.pop()!]);
    const freed = await vi.waitFor(() => sessionSockets(token!, address, 1), { timeout: 10_000 });
    await closeAll([...sockets, ...elsewhere, ...freed]);
  });
});
