import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { SESSION, type Locale, type Role } from '../../shared/constants';
import type { User } from '../../shared/schemas/auth';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import { createDatabase, withDatabase, type Database } from '../db/client';
import { users } from '../db/schema';
import { fileDatabasePrefix, templateDatabase } from './names';
import { queryOnce } from './query';

export type TestDatabase = { db: Database; url: string; drop: () => Promise<void> };
export type EnvOverrides = Record<string, string | undefined>;

const adminQuery = (statement: string) => queryOnce(inject('adminUrl'), statement);

/** A fresh database cloned from the migrated template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const run = inject('testRunId');
  const name = `${fileDatabasePrefix(run)}${randomBytes(8).toString('hex')}`;
  await adminQuery(`create database "${name}" template "${templateDatabase(run)}"`);
  const url = withDatabase(inject('adminUrl'), name);
  const db = createDatabase(url, { max: 5 });
  let dropped = false;
  return {
    db,
    url,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      if (!db.$client.ended) await db.$client.end();
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * The configuration of a test app: quiet, demo mode on, and rate limits so high that only the tests
 * about rate limits meet them. An override of `undefined` falls back to the application's own default.
 */
export function testConfig(databaseUrl: string, overrides: EnvOverrides = {}): Config {
  const env: EnvOverrides = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_MODE: 'true',
    DATABASE_URL: databaseUrl,
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
    RATE_LIMIT_SIGNIN_PER_MINUTE: '1000',
    RATE_LIMIT_SIGNIN_PER_HOUR: '100000',
    RATE_LIMIT_FAILED_SIGNIN_PER_ACCOUNT_PER_HOUR: '1000',
    RATE_LIMIT_SIGNUP_PER_HOUR: '100000',
    ...overrides,
  };
  return loadConfig(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)));
}

/** What a test gives the app besides its configuration: its own outbox, clock, provider. */
export type TestDeps = Omit<AppDeps, 'config' | 'db' | 'clientDir' | 'logger'>;

/** Builds (but does not start) the app; routes can still be added until the first inject or ready(). */
export async function buildTestApp(
  database: TestDatabase,
  overrides: EnvOverrides = {},
  logger: FastifyServerOptions['logger'] = false,
  deps: TestDeps = {},
): Promise<FastifyInstance> {
  const config = testConfig(database.url, overrides);
  return buildApp({ ...deps, config, db: database.db, clientDir: null, logger });
}

export type TestContext = { database: TestDatabase; db: Database; app: FastifyInstance };

/** One fresh database and one app per test file, closed and dropped after the file. */
export function useTestApp(
  overrides: EnvOverrides = {},
  logger: FastifyServerOptions['logger'] = false,
  deps: TestDeps = {},
): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.db = context.database.db;
    context.app = await buildTestApp(context.database, overrides, logger, deps);
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.drop();
  });
  return context;
}

export type TwoInstances = {
  database: TestDatabase;
  one: FastifyInstance;
  two: FastifyInstance;
  /** Instance two's own pool (and so its own caches), as another process would have. */
  poolTwo: Database;
  /** Where each listens, for sockets. */
  baseOne: string;
  baseTwo: string;
};

/**
 * Two app instances on one fresh database, as behind a load balancer, each with its own pool, listening; closed and
 * dropped after the file.
 */
export function useTwoInstances(overrides: EnvOverrides = {}): TwoInstances {
  const context = {} as TwoInstances;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.one = await buildTestApp(context.database, overrides);
    context.poolTwo = createDatabase(context.database.url, { max: 5 });
    context.two = await buildTestApp({ ...context.database, db: context.poolTwo }, overrides);
    context.baseOne = await context.one.listen({ port: 0, host: '127.0.0.1' });
    context.baseTwo = await context.two.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await context.one?.close();
    await context.two?.close();
    await context.poolTwo?.$client.end();
    await context.database?.drop();
  });
  return context;
}

let sequence = 0;

/** An email no other test (in any file or run) uses. */
export function uniqueEmail(label = 'user'): string {
  sequence += 1;
  return `${label}-${randomBytes(4).toString('hex')}-${sequence}@example.com`;
}

export const TEST_PASSWORD = 'Tall-Kangaroo-Sunrise-42';

export type SignedUp = {
  token: string;
  /** The Cookie header value that carries the session. */
  cookie: string;
  user: User;
  email: string;
  password: string;
};

/** The session token from a response's Set-Cookie header, if it sets one. */
export function sessionCookie(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find(
    (c) => c.name === SESSION.cookieName || c.name === SESSION.productionCookieName,
  )?.value;
}

export async function signUp(
  app: FastifyInstance,
  input: {
    email?: string;
    password?: string;
    displayName?: string;
    role?: 'student' | 'mentor';
    locale?: Locale;
    headline?: string;
    story?: string;
  } = {},
  options: { remoteAddress?: string } = {},
): Promise<SignedUp> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? TEST_PASSWORD;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    // A mentor says what they can help with.
    payload: {
      displayName: 'Test User',
      ...(input.role === 'mentor' ? { headline: 'Happy to help with study and work' } : {}),
      ...input,
      email,
      password,
    },
    remoteAddress: options.remoteAddress,
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  return signedIn(response, email, password);
}

function signedIn(response: LightMyRequestResponse, email: string, password: string): SignedUp {
  const body = response.json<{ token: string; user: User }>();
  return {
    token: body.token,
    cookie: `${SESSION.cookieName}=${body.token}`,
    user: body.user,
    email,
    password,
  };
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<SignedUp> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`signin failed: ${response.statusCode} ${response.body}`);
  return signedIn(response, email, password);
}

/**
 * A signed-in user with the given role. Admins cannot sign up, so the role is set in the database; the
 * session reads the user on every request, so the token it already has carries the new role.
 */
/** A member with this role; a mentor is verified, as one an admin made, unless `verified: false`. */
export async function userWithRole(
  app: FastifyInstance,
  db: Database,
  role: Role,
  { verified = true } = {},
): Promise<SignedUp> {
  const created = await signUp(app);
  if (role !== 'student') {
    const mentorVerifiedAt = role === 'mentor' && verified ? new Date() : null;
    await db.update(users).set({ role, mentorVerifiedAt }).where(eq(users.id, created.user.id));
  }
  return { ...created, user: { ...created.user, role } };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/**
 * Every page of a list, following `nextCursor` from the first page (read with no cursor); the pages as the API
 * answered them.
 */
export async function everyPage<Page extends { nextCursor: string | null }>(
  read: (cursor: string | undefined) => Promise<Page>,
): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
    if (pages.length > 100) throw new Error('the cursor never ends');
  } while (cursor);
  return pages;
}
