import { beforeAll, describe, expect, it } from 'vitest';
import { pagesEn } from '../shared/i18n/pages.en';
import { pagesVi } from '../shared/i18n/pages.vi';
import { openSocket } from './realtime/realtime.test-helpers';
import { raw, useListeningApps } from './security.test-helpers';
import { signUp, type SignedUp } from './test/helpers';

const { database, started } = useListeningApps();

beforeAll(async () => {
  // The demo accounts, as a local trial has them: what a page of another site must not reach.
  const { seedDemo } = await import('./db/seed/demo');
  await seedDemo(database.db);
});

/** A request naming `host`, sent to the app on this machine (as a browser would after DNS rebinding). */
const asHost = (port: number, host: string, path: string, headers: Record<string, string> = {}) =>
  raw(port, 'GET', path, { host, ...headers });

const REFUSED = {
  status: 421,
  body: { code: 'HOST_NOT_ALLOWED', error: pagesEn.errors.hostNotAllowed },
};

async function expectRefused(port: number, host: string) {
  for (const path of ['/', '/questions/1', '/api/questions', '/api/auth/me', '/api/no-such-route']) {
    const response = await asHost(port, host, path);
    expect({ status: response.status, body: JSON.parse(response.body) }, `${host} ${path}`).toEqual(REFUSED);
  }
}

async function expectAnswered(port: number, host: string) {
  const response = await asHost(port, host, '/api/config');
  expect(response.status, `${host}: ${response.body}`).toBe(200);
}

describe('a local trial (no PUBLIC_URL)', () => {
  let port: number;
  let base: string;
  let member: SignedUp;
  beforeAll(async () => {
    const server = await started({ DEMO_MODE: undefined, DATABASE_URL: undefined });
    port = server.port;
    base = `http://127.0.0.1:${port}`;
    member = await signUp(server.app);
  });

  it('refuses another site’s name on pages, API routes and the demo sign-in, in the caller’s language', async () => {
    await expectRefused(port, 'evil.example');
    await expectRefused(port, `evil.example:${port}`);
    await expectRefused(port, 'localhost.evil.example');
    const demo = await raw(
      port,
      'POST',
      '/api/auth/demo',
      { host: `evil.example:${port}`, 'content-type': 'application/json' },
      '{"role":"admin"}',
    );
    expect(demo.status).toBe(421);
    expect(demo.body).not.toContain('token');
    const vietnamese = await asHost(port, 'evil.example', '/api/questions', { 'accept-language': 'vi' });
    expect(JSON.parse(vietnamese.body)).toEqual({
      code: 'HOST_NOT_ALLOWED',
      error: pagesVi.errors.hostNotAllowed,
    });
  });

  it('refuses another site’s name on the sockets', async () => {
    for (const path of ['/ws', '/ws/public']) {
      const opening = openSocket(base, { cookie: member.cookie, host: `evil.example:${port}` }, path);
      await expect(opening).rejects.toMatchObject({
        status: 421,
        body: expect.stringContaining('"code":"HOST_NOT_ALLOWED"'),
      });
    }
    const socket = await openSocket(base, { cookie: member.cookie, host: `localhost:${port}` });
    await socket.next('hello');
    socket.ws.close();
  });

  it('answers localhost, its subdomains and loopback addresses, port or none', async () => {
    for (const host of [
      'localhost',
      `localhost:${port}`,
      'LocalHost',
      `app.localhost:${port}`,
      '127.0.0.1',
      `127.0.0.1:${port}`,
      '127.42.0.9',
      '[::1]',
      `[::1]:${port}`,
    ])
      await expectAnswered(port, host);
  });

  it('answers the health probes whatever the host', async () => {
    for (const path of ['/api/health', '/api/ready']) {
      const response = await asHost(port, '10.1.2.3.nip.evil.example', path);
      expect(response.status, path).toBe(200);
    }
  });
});

describe('a deployment (PUBLIC_URL set)', () => {
  it('answers its public host, and refuses other names, localhost among them', async () => {
    const { port } = await started({ PUBLIC_URL: 'https://mentorme.example', MAIL_DISABLED: 'true' });
    await expectAnswered(port, 'mentorme.example');
    await expectAnswered(port, 'MentorMe.example:443');
    await expectRefused(port, 'evil.example');
    await expectRefused(port, 'www.mentorme.example');
    await expectRefused(port, 'mentorme.example.evil.example');
    await expectRefused(port, 'localhost');
  });

  it('answers the names of ALLOWED_HOSTS too', async () => {
    const { port } = await started({
      PUBLIC_URL: 'https://mentorme.example',
      MAIL_DISABLED: 'true',
      ALLOWED_HOSTS: 'www.mentorme.example, Mentorme.Internal',
    });
    for (const host of ['mentorme.example', 'www.mentorme.example', 'mentorme.internal:5000'])
      await expectAnswered(port, host);
    await expectRefused(port, 'evil.example');
    await expectRefused(port, 'other.mentorme.example');
  });

  it('answers a proxy or probe that names an instance by its address', async () => {
    const { port } = await started({ PUBLIC_URL: 'https://mentorme.example', MAIL_DISABLED: 'true' });
    for (const host of ['10.0.0.5:5000', '127.0.0.1', '[fd00::5]:5000']) await expectAnswered(port, host);
  });
});

describe('ALLOWED_HOSTS on a local trial', () => {
  it('adds its names to this machine’s own', async () => {
    const { port } = await started({ ALLOWED_HOSTS: 'laptop.home.arpa' });
    await expectAnswered(port, 'laptop.home.arpa:5000');
    await expectAnswered(port, 'localhost');
    await expectRefused(port, 'evil.example');
  });
});
