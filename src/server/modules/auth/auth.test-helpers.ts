import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { useTestApp } from '../../test/helpers';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/** One app per test file, and the requests and queries the auth and account tests make of it. */
export function useAuthApp() {
  const t = useTestApp();

  function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  }

  function me(headers: Record<string, string>) {
    return t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
  }

  async function sessionRows(userId: string) {
    return t.db.select().from(sessions).where(eq(sessions.userId, userId));
  }

  return { t, post, me, sessionRows };
}
