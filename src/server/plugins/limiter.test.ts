import { describe, expect, it } from 'vitest';
import { WindowLimiter } from './limiter';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A clock the test moves by hand. */
function clock(start = 1_700_000_000_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('WindowLimiter', () => {
  it('allows up to the limit, then blocks with the time until the oldest hit leaves the window', () => {
    const time = clock();
    const limiter = new WindowLimiter([{ limit: 3, windowMs: MINUTE, messageKey: 'perMinute' }], time.now);
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.check('ip')).toBeUndefined();
      limiter.record('ip');
      time.advance(10 * SECOND);
    }
    // Hits at 0 s, 10 s and 20 s; now is 30 s, so the first frees up at 60 s.
    expect(limiter.check('ip')).toEqual({ messageKey: 'perMinute', retryAfterSeconds: 30 });
  });

  it('slides: a slot frees up as soon as the oldest hit is a full window old', () => {
    const time = clock();
    const limiter = new WindowLimiter([{ limit: 2, windowMs: MINUTE, messageKey: 'm' }], time.now);
    limiter.record('ip');
    time.advance(30 * SECOND);
    limiter.record('ip');
    time.advance(29 * SECOND);
    expect(limiter.check('ip')?.retryAfterSeconds).toBe(1);
    time.advance(1 * SECOND);
    expect(limiter.check('ip')).toBeUndefined();
    limiter.record('ip');
    // Hits now at 30 s and 60 s: the one at 30 s frees up at 90 s.
    expect(limiter.check('ip')).toEqual({ messageKey: 'm', retryAfterSeconds: 30 });
  });

  it('never answers less than one second', () => {
    const time = clock();
    const limiter = new WindowLimiter([{ limit: 1, windowMs: MINUTE, messageKey: 'm' }], time.now);
    limiter.record('ip');
    time.advance(MINUTE - 1);
    expect(limiter.check('ip')?.retryAfterSeconds).toBe(1);
  });

  it('counts each key separately', () => {
    const time = clock();
    const limiter = new WindowLimiter([{ limit: 1, windowMs: MINUTE, messageKey: 'm' }], time.now);
    limiter.record('10.0.0.1');
    expect(limiter.check('10.0.0.1')).toBeDefined();
    expect(limiter.check('10.0.0.2')).toBeUndefined();
  });

  it('does not count checks, only records', () => {
    const time = clock();
    const limiter = new WindowLimiter([{ limit: 2, windowMs: MINUTE, messageKey: 'm' }], time.now);
    for (let i = 0; i < 10; i += 1) expect(limiter.check('ip')).toBeUndefined();
    limiter.record('ip');
    expect(limiter.check('ip')).toBeUndefined();
    limiter.record('ip');
    expect(limiter.check('ip')).toBeDefined();
  });

  it('applies every window: a short burst limit and a longer hourly limit', () => {
    const time = clock();
    const limiter = new WindowLimiter(
      [
        { limit: 2, windowMs: MINUTE, messageKey: 'perMinute' },
        { limit: 3, windowMs: HOUR, messageKey: 'perHour' },
      ],
      time.now,
    );
    limiter.record('ip');
    limiter.record('ip');
    expect(limiter.check('ip')).toEqual({ messageKey: 'perMinute', retryAfterSeconds: 60 });

    time.advance(MINUTE);
    expect(limiter.check('ip')).toBeUndefined();
    limiter.record('ip');
    // Three hits within the hour: the hourly window is full until the first two (at 0 s) are an hour old.
    const blocked = limiter.check('ip');
    expect(blocked?.messageKey).toBe('perHour');
    expect(blocked?.retryAfterSeconds).toBe((HOUR - MINUTE) / SECOND);

    time.advance(HOUR - MINUTE);
    expect(limiter.check('ip')).toBeUndefined();
  });

  it('forgets hits older than the longest window', () => {
    const time = clock();
    const limiter = new WindowLimiter(
      [
        { limit: 1, windowMs: MINUTE, messageKey: 'perMinute' },
        { limit: 2, windowMs: HOUR, messageKey: 'perHour' },
      ],
      time.now,
    );
    limiter.record('ip');
    time.advance(2 * MINUTE);
    limiter.record('ip');
    expect(limiter.check('ip')?.messageKey).toBe('perMinute');
    time.advance(2 * MINUTE);
    expect(limiter.check('ip')?.messageKey).toBe('perHour');
    time.advance(HOUR);
    expect(limiter.check('ip')).toBeUndefined();
    limiter.record('ip');
    expect(limiter.check('ip')?.messageKey).toBe('perMinute');
  });
});
