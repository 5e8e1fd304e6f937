import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../test/helpers';
import { capturedLogger, type LogLine } from './observability.test-helpers';
import { requestId } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestId', () => {
  const from = (value?: string | string[]) => requestId({ headers: { 'x-request-id': value } });

  it('takes a well-formed X-Request-Id as it is', () => {
    for (const id of ['a', 'f3b1c2d4e5', 'nginx-7f9e.42:1-x', 'A'.repeat(128)]) expect(from(id)).toBe(id);
  });

  it('makes a random UUID when there is none, or it is not well formed', () => {
    for (const id of [
      undefined,
      '',
      'A'.repeat(129),
      'has space',
      'new\nline',
      'a,b',
      'ü',
      '<script>',
      ['a', 'b'],
    ])
      expect(from(id as string | undefined), String(id)).toMatch(UUID);
    expect(from()).not.toBe(from());
  });
});

describe('request ids in the app', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let lines: LogLine[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const captured = capturedLogger();
    lines = captured.lines;
    // Behind the proxy (tests inject from 127.0.0.1): its X-Request-Id is taken.
    app = await buildTestApp(database, { TRUST_PROXY: '127.0.0.1' }, false, {
      loggerInstance: captured.logger,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('echoes the proxy’s id on the answer and writes it in every line of the request', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'x-request-id': 'edge-4f2a.1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('edge-4f2a.1');
    const mine = lines.filter((line) => line.reqId === 'edge-4f2a.1');
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('makes a UUID for a request without one (never Fastify’s per-process req-1), a new one each time', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/health' });
    const second = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a b' },
    });
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    for (const id of ids) expect(lines.filter((line) => line.reqId === id)).toHaveLength(2);
    expect(lines.some((line) => typeof line.reqId === 'string' && line.reqId.startsWith('req-'))).toBe(false);
  });

  it('echoes it on errors, those answered before any route too', async () => {
    for (const url of ['/api/nope', '/api/%zz', `/api/questions/${'a'.repeat(120)}`]) {
      const response = await app.inject({ method: 'GET', url, headers: { 'x-request-id': 'err-1' } });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.headers['x-request-id'], url).toBe('err-1');
    }
  });

  it('writes the app’s own lines, outside any request, without a request id', async () => {
    app.log.info('not a request line');
    const line = lines.find((entry) => entry.msg === 'not a request line');
    expect(line).toBeDefined();
    expect(line!.reqId).toBeUndefined();
  });

  it('takes no id from the client when no proxy is trusted: a client never chooses another request’s id', async () => {
    const direct = await buildTestApp(database);
    try {
      const response = await direct.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'edge-4f2a.1' },
      });
      expect(response.headers['x-request-id']).toMatch(UUID);
    } finally {
      await direct.close();
    }
  });
});
