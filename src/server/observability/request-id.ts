import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header that carries a request's id, in from the proxy and out on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id the proxy (or a client) may choose: short, and safe to write in a log line or a header. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the proxy's `X-Request-Id` when it is well formed, so one id follows a request from nginx's
 * log to ours; otherwise a random UUID, unique across every instance (Fastify's own `req-1` repeats in each process).
 */
export function requestId(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}
