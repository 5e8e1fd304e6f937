import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../../shared/constants';
import type { ListQuestionsOptions } from '../../../shared/schemas/questions';
import type { Database } from '../../db/client';
import { perDatabaseCache } from '../../lib/ttl-cache';
import { feedKey, listQuestions } from './feed';
import { getQuestion } from './question-detail';

/** JSON made once and kept ready to send, with brotli and gzip copies for readers on slow connections. */
type PreparedJson = { identity: Buffer; br?: Buffer; gzip?: Buffer };

const COMPRESS_FROM_BYTES = 1024;

function prepareJson(value: unknown): PreparedJson {
  const identity = Buffer.from(JSON.stringify(value));
  if (identity.length < COMPRESS_FROM_BYTES) return { identity };
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(identity, { level: 6 }),
  };
}

export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedJson) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = (['br', 'gzip'] as const).find((name) => prepared[name] && accepted.includes(name));
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  // The type provider expects the schema's object; this is that object, serialized (and compressed).
  return reply.send((encoding ? prepared[encoding] : prepared.identity) as never);
}

/**
 * What a visitor (no session) gets is the same for every visitor, so it is kept ready to send. New questions and
 * replies, edits and removals empty it at once; likes do not: a visitor has none of their own to see, and with a
 * thousand people on, likes came several times a second and left every visitor's feed to be ranked, serialized and
 * compressed again (decision 055). A like reaches visitors' counts within the 5 s.
 */
const visitorCache = perDatabaseCache<PreparedJson>(5_000, 2_000, { keptOnLikes: true });

export function visitorListJson(
  db: Database,
  locale: Locale,
  options: ListQuestionsOptions,
): Promise<PreparedJson> {
  const load = async () => prepareJson(await listQuestions(db, null, locale, options));
  if (options.q || options.cursor || options.rest) return load();
  return visitorCache(db).get(`feed|${feedKey(options)}|${locale}`, load);
}

export function visitorQuestionJson(
  db: Database,
  locale: Locale,
  id: string,
  now = new Date(),
): Promise<PreparedJson> {
  return visitorCache(db).get(`detail|${id}|${locale}`, async () =>
    prepareJson(await getQuestion(db, null, locale, id, now)),
  );
}
