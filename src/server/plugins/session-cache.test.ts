import { describe, expect, it } from 'vitest';
import { SessionCache, type SessionRow } from './session-cache';

function row(userId: string, expiresAt = new Date(10_000_000)): SessionRow {
  return {
    session: { id: `s-${userId}`, userId, expiresAt, lastUsedAt: new Date(0) },
    user: { id: userId },
  } as unknown as SessionRow;
}

function cache() {
  const state = { live: true, now: 1_000 };
  return {
    state,
    cache: new SessionCache(
      () => state.live,
      30_000,
      () => state.now,
    ),
  };
}

describe('SessionCache', () => {
  it('keeps a session read for a while, then reads it again', () => {
    const { state, cache: sessions } = cache();
    sessions.set('h1', row('u1'), sessions.begin());
    expect(sessions.get('h1')?.user.id).toBe('u1');
    state.now += 30_000;
    expect(sessions.get('h1')).toBeUndefined();
  });

  it('never answers a session past its own expiry', () => {
    const { state, cache: sessions } = cache();
    sessions.set('h1', row('u1', new Date(2_000)), sessions.begin());
    expect(sessions.get('h1')).toBeDefined();
    state.now = 2_000;
    expect(sessions.get('h1')).toBeUndefined();
  });

  it('forgets every session of a person at once, and only theirs', () => {
    const { cache: sessions } = cache();
    sessions.set('h1', row('u1'), sessions.begin());
    sessions.set('h2', row('u1'), sessions.begin());
    sessions.set('h3', row('u2'), sessions.begin());
    sessions.dropUser('u1');
    expect(sessions.get('h1')).toBeUndefined();
    expect(sessions.get('h2')).toBeUndefined();
    expect(sessions.get('h3')?.user.id).toBe('u2');
  });

  it('does not keep a read that began before a drop: it may have read a session that has just ended', () => {
    const { cache: sessions } = cache();
    const begun = sessions.begin();
    sessions.dropUser('u1');
    sessions.set('h1', row('u1'), begun);
    expect(sessions.get('h1')).toBeUndefined();
  });

  it('keeps and answers nothing while the bus is not live, and starts afresh after', () => {
    const { state, cache: sessions } = cache();
    sessions.set('h1', row('u1'), sessions.begin());
    state.live = false;
    expect(sessions.get('h1')).toBeUndefined();
    sessions.set('h2', row('u2'), sessions.begin());
    expect(sessions.size).toBe(0);
    state.live = true;
    expect(sessions.get('h1')).toBeUndefined();
  });
});
