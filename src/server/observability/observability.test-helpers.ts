import type { DestinationStream } from 'pino';
import { createLogger } from './logger';

export type LogLine = { level: number; msg?: string; reqId?: string; [key: string]: unknown };

/** A process logger at `info` whose JSON lines are kept, parsed, in `lines`. */
export function capturedLogger(level = 'info') {
  const lines: LogLine[] = [];
  const destination: DestinationStream = {
    write: (line: string) => void lines.push(JSON.parse(line) as LogLine),
  };
  return { logger: createLogger({ logLevel: level }, destination), lines };
}

/** pino's numeric levels. */
export const LEVEL = { info: 30, warn: 40, error: 50 } as const;
