import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** JSON made once and kept ready to send, with brotli and gzip copies for readers on slow connections. */
export type PreparedJson = { identity: Buffer; br?: Buffer; gzip?: Buffer };

const COMPRESS_FROM_BYTES = 1024;

export function prepareJson(value: unknown): PreparedJson {
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
