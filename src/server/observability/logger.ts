import type { IncomingHttpHeaders } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config';

/** What a request line reads of a request: Fastify's, or Node's own. */
type LoggedRequest = {
  method?: string;
  url?: string;
  headers?: IncomingHttpHeaders;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number };
};

/**
 * A request as its log line names it: the path without the query, as nginx's log format has it, since emailed links
 * carry their tokens in the query and a log is read by more people, and kept longer, than a token may live. It takes
 * the place of Fastify's own, which writes the whole address.
 */
function requestLine(request: LoggedRequest) {
  return {
    method: request.method,
    path: request.url?.split('?')[0],
    version: request.headers?.['accept-version'],
    host: request.host ?? request.headers?.host,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  };
}

/** A path some library logs as it came (the websocket plugin, of an upgrade it closes): its query left out too. */
const pathOnly = (path: unknown) => (typeof path === 'string' ? path.split('?')[0] : path);

/**
 * The process's one logger: JSON lines on standard output (or `destination`), at LOG_LEVEL, each with the time, the
 * process id and the host, so the lines of several instances can be told apart once gathered. The app's request
 * lines come through it too (buildApp's `loggerInstance`), each carrying its request id as `reqId`; Fastify adds its
 * reply serializer to these, and neither logs headers (no cookies, no tokens).
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      serializers: { err: pino.stdSerializers.err, req: requestLine, path: pathOnly },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
