import { describe, expect, it, vi } from 'vitest';
import { holdCaches, releaseCaches, TtlCache } from './ttl-cache';

/** A load that counts its reads and answers the count. */
function counter() {
  let reads = 0;
  return { load: async () => ++reads, reads: () => reads };
}

describe('a write published here and not yet heard back', () => {
  it('empties the caches it moves and makes them read through until it is heard', async () => {
    const cache = new TtlCache<number>(60_000, 10, false, 'all');
    const { load, reads } = counter();
    expect(await cache.get('feed', load)).toBe(1);
    expect(await cache.get('feed', load)).toBe(1);
    holdCaches('write-1', 'content');
    expect(await cache.get('feed', load)).toBe(2);
    expect(await cache.get('feed', load)).toBe(3);
    releaseCaches('write-1');
    expect(await cache.get('feed', load)).toBe(4);
    expect(await cache.get('feed', load)).toBe(4);
    expect(reads()).toBe(4);
  });

  it('leaves a cache that likes do not move, and one read by time only', async () => {
    const counts = new TtlCache<number>(60_000, 10, false, 'content');
    const stats = new TtlCache<number>(60_000, 10, false, 'none');
    const a = counter();
    const b = counter();
    await counts.get('counts', a.load);
    await stats.get('stats', b.load);
    holdCaches('like-1', 'likes');
    holdCaches('post-1', 'content');
    expect(await stats.get('stats', b.load)).toBe(1);
    releaseCaches('post-1');
    expect(await counts.get('counts', a.load)).toBe(2);
    expect(await counts.get('counts', a.load)).toBe(2);
    releaseCaches('like-1');
  });

  it('stops holding a write never heard back (rolled back) after a while', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const cache = new TtlCache<number>(60_000, 10, false, 'all');
      const { load } = counter();
      holdCaches('rolled-back', 'content');
      expect(await cache.get('feed', load)).toBe(1);
      vi.advanceTimersByTime(2_001);
      expect(await cache.get('feed', load)).toBe(2);
      expect(await cache.get('feed', load)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
