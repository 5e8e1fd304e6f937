import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from './plugins/security-headers';
import { raw, useListeningApps } from './security.test-helpers';
import { signUp, type SignedUp } from './test/helpers';

const { database, started } = useListeningApps();

describe('headers', () => {
  let port: number;
  let student: SignedUp;
  beforeAll(async () => {
    const server = await started();
    port = server.port;
    student = await signUp(server.app);
  });

  it('forbids framing and allows the microphone and geolocation for the app itself only', async () => {
    const response = await raw(port, 'GET', '/api/health');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(PERMISSIONS_POLICY).toContain('microphone=(self)');
    expect(PERMISSIONS_POLICY).toContain('geolocation=(self)');
    expect(PERMISSIONS_POLICY).toContain('camera=()');
  });

  it('keeps answers that depend on who asks out of every cache', async () => {
    for (const path of ['/api/auth/me', '/api/questions', '/api/me/questions']) {
      const response = await raw(port, 'GET', path, { cookie: student.cookie });
      expect(response.status, path).toBe(200);
      expect(response.headers['cache-control'], path).toBe('private, no-store');
    }
    const error = await raw(port, 'GET', '/api/admin/ai-jobs');
    expect(error.headers['cache-control']).toBe('private, no-store');
  });
});

describe('demo mode', () => {
  const demo = (port: number, headers: Record<string, string> = {}) =>
    raw(
      port,
      'POST',
      '/api/auth/demo',
      { 'content-type': 'application/json', ...headers },
      '{"role":"admin"}',
    );
  const config = async (port: number, headers: Record<string, string> = {}) =>
    JSON.parse((await raw(port, 'GET', '/api/config', headers)).body) as {
      demoMode: boolean;
      demoSignIn: boolean;
    };

  beforeAll(async () => {
    // The demo accounts, as the demo seed makes them.
    const { seedDemo } = await import('./db/seed/demo');
    await seedDemo(database.db);
  });

  it('is offered on a local trial to this machine only', async () => {
    const { app, port } = await started({ DEMO_MODE: undefined, DATABASE_URL: undefined });
    expect(await config(port)).toMatchObject({ demoMode: true, demoSignIn: true });
    expect((await demo(port)).status).toBe(200);
    const fromElsewhere = await app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      payload: { role: 'admin' },
      remoteAddress: '203.0.113.5',
    });
    expect(fromElsewhere.statusCode).toBe(404);
    // A request a local proxy forwards comes from someone else.
    expect(await config(port, { 'x-forwarded-for': '203.0.113.5' })).toMatchObject({ demoSignIn: false });
    expect((await demo(port, { 'x-forwarded-for': '203.0.113.5' })).status).toBe(404);
    expect((await demo(port, { forwarded: 'for=203.0.113.5' })).status).toBe(404);
  });

  it('is off by default when PUBLIC_URL is set', async () => {
    const { port } = await started({
      DEMO_MODE: undefined,
      PUBLIC_URL: 'http://127.0.0.1',
      MAIL_DISABLED: 'true',
    });
    expect(await config(port)).toMatchObject({ demoMode: false, demoSignIn: false });
    const response = await demo(port);
    expect(response.status).toBe(404);
  });

  it('is offered to every address only when DEMO_MODE=true is set', async () => {
    const { port } = await started({
      DEMO_MODE: 'true',
      PUBLIC_URL: 'http://127.0.0.1',
      MAIL_DISABLED: 'true',
    });
    expect(await config(port, { 'x-forwarded-for': '203.0.113.5' })).toMatchObject({
      demoMode: true,
      demoSignIn: true,
    });
    const response = await demo(port, { 'x-forwarded-for': '203.0.113.5' });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).user).toMatchObject({ role: 'admin', isDemo: true });
  });
});
