import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config';

/**
 * The process's one logger: JSON lines on standard output (or `destination`), at LOG_LEVEL, each with the time, the
 * process id and the host, so the lines of several instances can be told apart once gathered. The app's request
 * lines come through it too (buildApp's `loggerInstance`), each carrying its request id as `reqId`; Fastify adds its
 * own request and reply serializers, which log no headers (no cookies, no tokens).
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      serializers: { err: pino.stdSerializers.err },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
