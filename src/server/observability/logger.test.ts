import { describe, expect, it } from 'vitest';
import { capturedLogger, LEVEL } from './observability.test-helpers';

describe('createLogger', () => {
  it('writes JSON lines with the level, an ISO time, the process id and host', () => {
    const { logger, lines } = capturedLogger();
    logger.info('started');
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ level: LEVEL.info, msg: 'started', pid: process.pid });
    expect(typeof line!.hostname).toBe('string');
    expect(new Date(String(line!.time)).toISOString()).toBe(line!.time);
  });

  it('keeps to its level', () => {
    const { logger, lines } = capturedLogger('warn');
    logger.info('quiet');
    logger.warn('heard');
    expect(lines.map((line) => line.msg)).toEqual(['heard']);
    expect(capturedLogger('silent').logger.isLevelEnabled('fatal')).toBe(false);
  });

  it('writes an error with its type, message and stack', () => {
    const { logger, lines } = capturedLogger();
    logger.error({ err: new TypeError('bad input') }, 'worker failed');
    expect(lines[0]).toMatchObject({ level: LEVEL.error, msg: 'worker failed' });
    expect(lines[0]!.err).toMatchObject({ type: 'TypeError', message: 'bad input' });
    expect(String((lines[0]!.err as { stack: string }).stack)).toContain('TypeError: bad input');
  });
});
