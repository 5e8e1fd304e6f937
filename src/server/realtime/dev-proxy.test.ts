import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, signUp, type TestDatabase } from '../test/helpers';
import { openSocket } from './realtime.test-helpers';

// `npm run dev` serves the client from Vite and proxies the server's paths to it: the project's own Vite config,
// with the server on a free port, as scripts/dev.mjs starts them.
const root = path.resolve(import.meta.dirname, '../../..');
let database: TestDatabase;
let app: FastifyInstance;
let vite: ViteDevServer;
let viteBase: string;
const savedApiPort = process.env.API_PORT;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.env.API_PORT = String((app.server.address() as AddressInfo).port);
  vite = await createServer({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'silent',
    clearScreen: false,
    server: { host: '127.0.0.1', port: 0, hmr: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  await vite.listen();
  viteBase = `http://127.0.0.1:${(vite.httpServer!.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  if (savedApiPort === undefined) delete process.env.API_PORT;
  else process.env.API_PORT = savedApiPort;
  await vite?.close();
  await app?.close();
  await database?.drop();
});

// An upgrade Vite does not proxy is never answered: each socket test fails within 10 s rather than the default 30.
describe('the dev server (npm run dev)', () => {
  it('proxies the API to the server', async () => {
    const response = await fetch(`${viteBase}/api/health`);
    expect(response.status).toBe(200);
  });

  it('proxies a visitor’s socket to the server, which says hello', async () => {
    const visitor = await openSocket(viteBase, { origin: viteBase }, '/ws/public');
    expect(await visitor.next('hello')).toMatchObject({ type: 'hello' });
    visitor.ws.close();
  }, 10_000);

  it('proxies a member’s socket with its session cookie and the page’s origin', async () => {
    const student = await signUp(app);
    const member = await openSocket(viteBase, { cookie: student.cookie, origin: viteBase });
    expect(await member.next('hello')).toMatchObject({ type: 'hello' });
    member.ws.close();
  }, 10_000);
});
