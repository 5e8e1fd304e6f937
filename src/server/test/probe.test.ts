import { it } from 'vitest';
import { useTestApp, userWithRole, bearer, buildTestApp } from './helpers';
const t0 = useTestApp();
it('probe', async () => {
  const t = { db: t0.db, app: await buildTestApp(t0.database) };
  t.app.get('/api/admin/users', async () => ({ secret: true }));
  const s = await userWithRole(t.app, t.db, 'student');
  for (const url of ['/api/admin', '/api/admin/', '/api/admin/x', '/api/admin?x=1', '/api/admin/users', '/api/%61dmin/users', '/api//admin/users', '/api/admin/users?x', '/API/admin/users', '/api/admin%2Fusers']) {
    const v = await t.app.inject({ url });
    const st = await t.app.inject({ url, headers: bearer(s.token) });
    console.log(url, v.statusCode, v.body, st.statusCode);
  }
  const r = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { 'sec-fetch-site': 'same-site' } });
  console.log('same-site', r.statusCode);
  const big = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1024*1024) }), headers: {'content-type':'application/json'} });
  console.log('big', big.statusCode, big.body);
  const mal = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: '{bad', headers: {'content-type':'application/json'} });
  console.log('mal', mal.statusCode, mal.body);
  const empty = await t.app.inject({ method: 'PATCH', url: '/api/auth/me', payload: {}, headers: bearer(s.token) });
  console.log('empty', empty.statusCode, empty.body);
  const hdr = await t.app.inject({ url: '/api/health' });
  console.log(hdr.headers);
});
