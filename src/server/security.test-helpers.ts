import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { syncKnowledge } from './db/seed/knowledge';
import { ARTICLES } from './modules/chloe/chloe.test-helpers';
import { buildTestApp, createTestDatabase, type EnvOverrides, type TestDatabase } from './test/helpers';

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request sent as written: `path` may be an absolute-form target (`http://any.host/api/...`). */
export function raw(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: text }),
      );
    });
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

/** Bytes written straight to the socket, for requests an HTTP client would refuse to send. */
export function rawBytes(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/**
 * One fresh database per test file, with Chloe's knowledge, and `started` to run an app on it with its own
 * settings on a real port. The apps are closed and the database dropped after the file.
 */
export function useListeningApps() {
  const database = {} as TestDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    Object.assign(database, await createTestDatabase());
    await syncKnowledge(database.db, ARTICLES);
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.drop?.();
  });

  async function started(env: EnvOverrides = {}) {
    const app = await buildTestApp(database, env);
    apps.push(app);
    return { app, port: await listen(app) };
  }

  return { database, started };
}
