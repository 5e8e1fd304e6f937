import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { capturedLogger } from './observability/observability.test-helpers';
import { buildTestApp, createTestDatabase, type TestDatabase } from './test/helpers';

// The process's logger at its default level (info), which writes a line for every request.
const captured = capturedLogger();
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database, {}, false, { loggerInstance: captured.logger });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** Paths emailed links open, with their token in the query, and paths no link has, which may be given one. */
const PATHS = [
  '/reset-password',
  '/verify-email',
  '/cancel-email-change',
  '/unsubscribe',
  '/api/notifications/unsubscribe',
  '/api/auth/reset-password',
  '/api/questions',
  '/api/no-such-route',
  '/no-such-page',
  '/ws',
];

const newToken = () => randomBytes(24).toString('base64url');

describe('the request log', () => {
  it('never holds a token from an address’s query, on any path, and still names the path', async () => {
    const tokens: string[] = [];
    for (const path of PATHS)
      for (const method of ['GET', 'POST'] as const) {
        const token = newToken();
        tokens.push(token);
        await app.inject({ method, url: `${path}?token=${token}&lang=en` });
      }
    const logged = JSON.stringify(captured.lines);
    for (const token of tokens) expect(logged).not.toContain(token);

    const incoming = captured.lines.find(
      (line) => line.msg === 'incoming request' && (line.req as { path?: string }).path === '/reset-password',
    );
    expect(incoming?.req).toEqual({
      method: 'GET',
      path: '/reset-password',
      host: 'localhost:80',
      remoteAddress: '127.0.0.1',
      remotePort: undefined,
    });
  });

  it('never holds a token from the address of a socket upgrade to a route that takes none', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const tokens: string[] = [];
    for (const path of ['/api/questions', '/api/health']) {
      const token = newToken();
      tokens.push(token);
      const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${path}?token=${token}`);
      await new Promise((resolve) => socket.once('close', resolve).once('error', resolve));
    }
    const logged = JSON.stringify(captured.lines);
    expect(logged).toContain('no websocket handler');
    for (const token of tokens) expect(logged).not.toContain(token);
  });

  it('keeps a crash report’s page address without its query', async () => {
    const token = newToken();
    const response = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { message: 'render failed', url: `/reset-password?token=${token}` },
    });
    expect(response.statusCode).toBe(204);
    expect(JSON.stringify(captured.lines)).not.toContain(token);
    const crash = captured.lines.find((line) => line.msg === 'client crash');
    expect(crash?.clientError).toEqual({ message: 'render failed', url: '/reset-password' });
  });
});
