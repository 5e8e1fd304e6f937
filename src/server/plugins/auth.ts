import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION, type Role } from '../../shared/constants';
import { isPagePath } from '../../shared/routes';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { errors } from '../errors';
import type { SessionCache, SessionRow } from './session-cache';

export type SessionUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
    /** Set by a route that ended the sessions of an account other than the caller's (an emailed link's). */
    sessionsEndedFor: string | null;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function cookieName(config: Config): string {
  return config.secureCookies ? SESSION.productionCookieName : SESSION.cookieName;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(cookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: Math.floor(SESSION.maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(cookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/** The session token a request carries: `Authorization: Bearer` first, then the cookie. */
export function sessionToken(
  request: FastifyRequest,
  config: Config,
): { token: string | undefined; fromCookie: string | undefined } {
  const fromCookie = request.cookies[cookieName(config)];
  const token = bearerToken(request) ?? fromCookie;
  return { token: token && token.length <= 128 ? token : undefined, fromCookie };
}

/** The unexpired session of a token, with its user. */
export async function findSession(
  db: Database,
  token: string,
  now = new Date(),
): Promise<SessionRow | undefined> {
  return findSessionByHash(db, hashToken(token), now);
}

async function findSessionByHash(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

/** A token's session: from the instance's cache when it may be trusted, else from the database (then kept). */
function lookUpSession(
  db: Database,
  cache: SessionCache | undefined,
  token: string,
  now: Date,
): SessionRow | Promise<SessionRow | undefined> | undefined {
  const tokenHash = hashToken(token);
  // Kept: answered without waiting on anything.
  const kept = cache?.get(tokenHash);
  if (kept) return kept;
  const begun = cache?.begin() ?? 0;
  return findSessionByHash(db, tokenHash, now).then((row) => {
    if (row) cache?.set(tokenHash, row, begun);
    return row;
  });
}

/**
 * The path a request is for, as the router decided it: the pattern of the route it matched (so `/%61pi/admin/x`
 * and the absolute-form target `http://any.host/api/admin/x` are both `/api/admin/...`), or, for a request that
 * matched no route, the path of its target without scheme, host and query, percent-decoded.
 */
export function requestPath(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  let pathname: string;
  try {
    pathname = new URL(request.url, 'http://localhost').pathname;
  } catch {
    pathname = request.url.split('?')[0] ?? '';
  }
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's change is proven by a token in the request, never by a session, so any site may send it: a mail
     * program's one-click unsubscribe posts from wherever it runs.
     */
    anySite?: boolean;
  }
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Whether this caller may use the demo accounts. Demo mode that was not asked for (a local trial) serves this
 * machine only; a request a local proxy forwards is someone else's, whatever address it comes from.
 */
export function demoSignInAllowed(config: Config, request: FastifyRequest): boolean {
  if (!config.demoMode) return false;
  if (config.demoModeExplicit) return true;
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/**
 * Browsers say where a request comes from. A state-changing request that a browser marks as
 * coming from another site is refused; clients that are not browsers send neither header.
 */
export function isCrossSite(request: FastifyRequest, config: Config): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  const allowed = new Set<string>();
  if (config.publicUrl) allowed.add(new URL(config.publicUrl).origin);
  const host = request.headers.host;
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  return !allowed.has(origin);
}

/**
 * Who asks, on every API request, and on a request for a page (its frame is drawn for the member). `sessions`: the instance's session cache (app.ts gives one that hears the bus);
 * without it every request reads its session from the database.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Database; config: Config; sessions?: SessionCache }) => {
    const { db, config, sessions: cache } = opts;
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('sessionsEndedFor', null);

    app.addHook('onRequest', async (request, reply) => {
      const pathname = requestPath(request);
      if (!pathname.startsWith('/api/') && !(request.method === 'GET' && isPagePath(pathname))) return;
      if (UNSAFE.has(request.method) && !request.routeOptions.config?.anySite && isCrossSite(request, config))
        throw errors.crossOrigin();

      const { token, fromCookie } = sessionToken(request, config);
      if (token) {
        const now = new Date();
        const found = lookUpSession(db, cache, token, now);
        const row = found instanceof Promise ? await found : found;
        if (row) {
          request.user = row.user;
          request.sessionId = row.session.id;
          // Sliding expiry, written at most once an hour per session (the kept copy too, so it is not written again).
          if (now.getTime() - row.session.lastUsedAt.getTime() > SESSION.touchIntervalMs) {
            const expiresAt = new Date(now.getTime() + SESSION.maxAgeMs);
            row.session.lastUsedAt = now;
            row.session.expiresAt = expiresAt;
            await db
              .update(sessions)
              .set({ lastUsedAt: now, expiresAt })
              .where(eq(sessions.id, row.session.id));
            await touchLastSeen(db, row.user.id, now);
            if (fromCookie === token) setSessionCookie(reply, config, token);
          }
        } else if (fromCookie === token) {
          clearSessionCookie(reply, config);
        }
      }

      if (pathname === '/api/admin' || pathname.startsWith('/api/admin/')) requireRole('admin')(request);
    });

    // What a request changed is seen at once on this instance, before the triggers' events come back: a person's own
    // change (their profile, their language, their sign-out) drops their sessions kept here; an admin's (a role, a
    // verification) may be anyone's, so it drops them all. Other instances hear the triggers.
    if (cache)
      app.addHook('onSend', async (request) => {
        // An emailed link is used with no session, or another's: the account it acted on is named by its route.
        if (request.sessionsEndedFor) cache.dropUser(request.sessionsEndedFor);
        if (!request.user || !UNSAFE.has(request.method)) return;
        if (requestPath(request).startsWith('/api/admin/')) cache.clear();
        else cache.dropUser(request.user.id);
      });

    // An answer may depend on who asks (an admin sees anonymous authors, a member their likes): no cache keeps
    // one unless its route says it may.
    app.addHook('onSend', async (request, reply) => {
      if (!reply.hasHeader('cache-control') && requestPath(request).startsWith('/api/')) {
        reply.header('cache-control', 'private, no-store');
      }
    });
  },
);

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw errors.unauthorized();
  return request.user;
}

export function requireRole(...roles: Role[]) {
  return (request: FastifyRequest): SessionUser => {
    const user = requireUser(request);
    if (!roles.includes(user.role)) throw errors.forbidden();
    return user;
  };
}

export async function createSession(db: Database, userId: string): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION.maxAgeMs),
  });
  // Signing in is a visit: later ones are noted as the session is used (at most hourly).
  await touchLastSeen(db, userId, new Date());
  return token;
}

/**
 * Notes a visit. Its own statement, which the users trigger does not announce (a visit changes nothing a session
 * shows), so signing in and the hourly touch do not make every instance forget the person's sessions.
 */
async function touchLastSeen(db: Database, userId: string, now: Date): Promise<void> {
  await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, userId));
}

export async function pruneExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < now()`);
}
