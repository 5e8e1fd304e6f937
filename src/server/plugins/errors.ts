import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import { localeFromAcceptLanguage, translate } from '../../shared/i18n';
import { AppError } from '../errors';

export function requestLocale(request: FastifyRequest) {
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

type Answer = { status: number; code: string; key: string; values?: Record<string, string | number> };

/** Maps anything thrown to a status, a stable code and an i18n key. */
function classify(error: unknown): Answer {
  if (error instanceof AppError) {
    return { status: error.statusCode, code: error.code, key: error.messageKey, values: error.values };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const message = first?.message ?? '';
    // Schema messages are i18n keys; anything else (a wrong type) gets the generic text.
    const key = /^validation\.\w+$/.test(message) ? message : 'validation.invalidInput';
    return { status: 400, code: 'VALIDATION', key };
  }
  if (isResponseSerializationError(error)) return { status: 500, code: 'INTERNAL', key: 'errors.internal' };
  const e = error as Partial<FastifyError> & { statusCode?: number };
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', key: 'errors.payloadTooLarge' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'MALFORMED_JSON', key: 'errors.malformedJson' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', key: 'errors.unsupportedMediaType' };
    case 'FST_ERR_BAD_URL':
      return { status: 400, code: 'BAD_URL', key: 'errors.badUrl' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, code: 'URI_TOO_LONG', key: 'errors.uriTooLong' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, code: 'BAD_REQUEST', key: 'errors.badRequest' };
  }
  if (error instanceof SyntaxError && e.statusCode === 400) {
    return { status: 400, code: 'MALFORMED_JSON', key: 'errors.malformedJson' };
  }
  if (e.statusCode === 429) return { status: 429, code: 'RATE_LIMITED', key: 'errors.rateLimited' };
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return { status: e.statusCode, code: 'BAD_REQUEST', key: 'validation.invalidInput' };
  }
  return { status: 500, code: 'INTERNAL', key: 'errors.internal' };
}

/** Answers anything thrown as `{ error, code }` in the caller's language; 5xx are logged and their details kept. */
function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const answer = classify(error);
  if (answer.status >= 500) {
    request.log.error({ err: error, reqId: request.id }, 'request failed');
  }
  const retryAfter =
    error instanceof AppError
      ? error.retryAfterSeconds
      : answer.status === 429
        ? Number(reply.getHeader('retry-after')) || 60
        : undefined;
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  const values = { seconds: retryAfter ?? 0, ...answer.values };
  return reply
    .code(answer.status)
    .type('application/json; charset=utf-8')
    .send({ error: translate(requestLocale(request), answer.key, values), code: answer.code });
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(sendError);
});

/**
 * Fastify's `frameworkErrors`: a path that is not valid percent-encoding (`/api/questions/%FF`) or a parameter over
 * the router's length are answered before any route, and would otherwise come back in Fastify's own shape.
 */
export const frameworkErrors = sendError;

/**
 * Fastify's `clientErrorHandler`: a request Node cannot parse (a bad Content-Length, a malformed request line) has
 * no headers to read a language from, so the answer is in English, in the app's shape.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ error: translate('en', 'errors.badRequest'), code: 'BAD_REQUEST' });
  if (!socket.writable) return void socket.destroy(error);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
