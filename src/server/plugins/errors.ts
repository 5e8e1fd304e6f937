import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import type { Locale } from '../../shared/constants';
import { isLocale, localeFromAcceptLanguage, messageKey, translate } from '../../shared/i18n';
import { AppError, errors } from '../errors';
import { REQUEST_ID_HEADER } from '../observability/request-id';

/**
 * The language of an answer: a `lang` query parameter, else the language Accept-Language asks for (the web client
 * sends the page's), else the signed-in person's saved language, else English.
 */
export function requestLocale(request: FastifyRequest): Locale {
  return (
    languageAsked(request) ??
    localeFromAcceptLanguage(request.headers['accept-language'], request.user?.locale)
  );
}

/** The language the address names (`?lang=en|vi`), if it names one. */
export function languageAsked(request: FastifyRequest): Locale | undefined {
  const query = request.url.indexOf('?');
  const asked = query < 0 ? null : new URLSearchParams(request.url.slice(query + 1)).get('lang');
  return isLocale(asked) ? asked : undefined;
}

/** Maps anything thrown to an AppError: its status, stable code and i18n key. */
function classify(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    // Schema messages are i18n keys; anything else (a wrong type) gets the generic text.
    return errors.validation(messageKey(error.validation[0]?.message));
  }
  if (isResponseSerializationError(error)) return errors.internal();
  const e = error as Partial<FastifyError> & { statusCode?: number };
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errors.payloadTooLarge();
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errors.malformedJson();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errors.unsupportedMediaType();
    case 'FST_ERR_BAD_URL':
      return errors.badUrl();
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return errors.uriTooLong();
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errors.badRequest();
  }
  if (error instanceof SyntaxError && e.statusCode === 400) return errors.malformedJson();
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return errors.badRequest('validation.invalidInput');
  }
  return errors.internal();
}

/** Answers anything thrown as `{ error, code }` in the caller's language; failures (5xx) are logged with their details. */
function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const answer = classify(error);
  // A 503 is the instance saying it cannot serve now (stopping, or its database away): noted, not a failure.
  if (answer.statusCode === 503) request.log.warn({ code: answer.code }, 'not available');
  else if (answer.statusCode >= 500) request.log.error({ err: error, reqId: request.id }, 'request failed');
  if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
  return reply
    .code(answer.statusCode)
    .type('application/json; charset=utf-8')
    .send({ error: translate(requestLocale(request), answer.messageKey, answer.values), code: answer.code });
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(sendError);
});

/**
 * Fastify's `frameworkErrors`: a path that is not valid percent-encoding (`/api/questions/%FF`) or a parameter over
 * the router's length are answered before any route, and would otherwise come back in Fastify's own shape. No hook
 * runs for them, so they get the app's security headers and the request id here.
 */
export function frameworkErrorHandler(securityHeaders: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(securityHeaders).header(REQUEST_ID_HEADER, request.id);
    return sendError(error, request, reply);
  };
}

/**
 * Fastify's `clientErrorHandler`: a request Node cannot parse (a bad Content-Length, a malformed request line, headers
 * or a target over Node's size) has no headers to read a language from, so the answer is in English, in the app's
 * shape, with the app's security headers.
 */
export function clientErrorHandler(securityHeaders: Record<string, string>) {
  const headerLines = Object.entries(securityHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const answer = errors.badRequest();
    const body = JSON.stringify({ error: translate('en', answer.messageKey), code: answer.code });
    if (!socket.writable) return void socket.destroy(error);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n${headerLines}\r\n${body}`,
    );
  };
}
