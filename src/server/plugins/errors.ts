import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
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

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => {
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
  });
});
