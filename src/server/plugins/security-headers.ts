import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers, worked out once at start and added to every response. Running helmet's
 * middleware on each request (as @fastify/helmet does) costs more than half the server's throughput,
 * and none of our headers depends on the request (no CSP nonces).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => undefined);
  return headers;
}

/**
 * Features the app uses for itself only (the microphone for voice notes, geolocation for services near you) and
 * none for anything it might embed; the rest are off.
 */
export const PERMISSIONS_POLICY = 'microphone=(self), geolocation=(self), camera=(), payment=(), usb=()';

/** Every header an answer of the app carries: helmet's, with the permissions policy. */
export function appSecurityHeaders(options: HelmetOptions): Record<string, string> {
  return { ...securityHeaders(options), 'permissions-policy': PERMISSIONS_POLICY };
}

/**
 * Adds the headers to every answer that goes through a route or the not-found handler. Answers given before
 * routing (a bad URL, a request Node cannot parse) get them from plugins/errors.ts.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { headers: Record<string, string> }) => {
    const { headers } = options;
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
);
