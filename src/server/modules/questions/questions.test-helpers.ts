import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll } from 'vitest';
import type { CategorySlug } from '../../../shared/categories';
import type { Role } from '../../../shared/constants';
import type { Question, QuestionDetail, QuestionList } from '../../../shared/schemas/questions';
import type { Database } from '../../db/client';
import { categories, questions, replies, users } from '../../db/schema';
import { createSession } from '../../plugins/auth';
import { bearer, everyPage, uniqueEmail, useTestApp } from '../../test/helpers';
import { hashPassword } from '../../lib/passwords';
import { seedCategories } from './categories';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** The posting limits relaxed so that only limits.test.ts meets them. */
export const RELAXED_LIMITS = {
  QUESTION_INTERVAL_SECONDS: '0',
  REPLY_INTERVAL_SECONDS: '0',
  NEW_ACCOUNT_QUESTIONS_PER_DAY: '100000',
  NEW_ACCOUNT_REPLIES_PER_DAY: '100000',
};

export type FastUser = {
  id: string;
  displayName: string;
  role: Role;
  token: string;
  headers: { authorization: string };
};

/** One argon2 hash for every fast user: they sign in by session token and never by password. */
let sharedHash: Promise<string> | undefined;
function passwordHash(): Promise<string> {
  sharedHash ??= hashPassword(randomBytes(18).toString('base64url'));
  return sharedHash;
}

/**
 * Users inserted straight into the database, each with a session: much faster than signing up (one argon2
 * hash in all instead of one per user). `ageMs` backdates the account (new accounts are under 24 hours old).
 */
export async function createUsers(
  db: Database,
  count: number,
  options: { role?: Role; displayName?: string; ageMs?: number } = {},
): Promise<FastUser[]> {
  if (count === 0) return [];
  const hash = await passwordHash();
  const createdAt = new Date(Date.now() - (options.ageMs ?? 0));
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: uniqueEmail('qa'),
        displayName:
          count === 1 && options.displayName
            ? options.displayName
            : `${options.displayName ?? 'Member'} ${i + 1}`,
        role: options.role ?? 'student',
        // Mentors here are verified, as an admin would have them: their address confirmed, their headline given.
        mentorVerifiedAt: options.role === 'mentor' ? createdAt : null,
        headline: options.role === 'mentor' ? 'Here to help with study and work' : null,
        emailVerifiedAt: createdAt,
        passwordHash: hash,
        createdAt,
      })),
    )
    .returning({ id: users.id, displayName: users.displayName, role: users.role });
  return Promise.all(
    rows.map(async (row) => {
      const token = await createSession(db, row.id);
      return { ...row, token, headers: bearer(token) };
    }),
  );
}

export async function createUser(
  db: Database,
  options: { role?: Role; displayName?: string; ageMs?: number } = {},
): Promise<FastUser> {
  const [user] = await createUsers(db, 1, options);
  return user!;
}

export async function categoryIds(db: Database): Promise<Map<string, number>> {
  const rows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  return new Map(rows.map((row) => [row.slug, row.id]));
}

export type QuestionFixture = {
  authorId: string;
  title?: string;
  content?: string;
  category?: CategorySlug | null;
  tags?: string[];
  isUrgent?: boolean;
  isAnonymous?: boolean;
  upvotes?: number;
  replyCount?: number;
  createdAt?: Date;
};

/**
 * Questions inserted straight into the database, past the posting limits and the API. They bypass the feed
 * cache's clearing too: insert them before the first read of a feed, or in a database of their own.
 */
export async function insertQuestions(db: Database, fixtures: QuestionFixture[]) {
  const ids = await categoryIds(db);
  return db
    .insert(questions)
    .values(
      fixtures.map((f, i) => ({
        authorId: f.authorId,
        title: f.title ?? `Inserted question ${i + 1}`,
        content: f.content ?? `Inserted content ${i + 1}`,
        categoryId: f.category ? (ids.get(f.category) ?? null) : null,
        tags: f.tags ?? [],
        isUrgent: f.isUrgent ?? false,
        isAnonymous: f.isAnonymous ?? false,
        upvotes: f.upvotes ?? 0,
        replyCount: f.replyCount ?? 0,
        ...(f.createdAt ? { createdAt: f.createdAt } : {}),
      })),
    )
    .returning();
}

export async function insertReply(
  db: Database,
  values: {
    questionId: string;
    authorId: string | null;
    content: string;
    isAiReply?: boolean;
    createdAt?: Date;
  },
) {
  const [row] = await db
    .insert(replies)
    .values({ ...values, isAiReply: values.isAiReply ?? false })
    .returning();
  return row!;
}

export async function questionRow(db: Database, id: string) {
  const [row] = await db.select().from(questions).where(eq(questions.id, id));
  return row;
}

/** Thin wrappers around app.inject for the questions API. */
export function api(app: FastifyInstance) {
  const send = (options: InjectOptions) => app.inject(options);
  const list = async (query: Record<string, string | number> = {}, headers: Record<string, string> = {}) => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const response = await send({ method: 'GET', url: `/api/questions?${search}`, headers });
    if (response.statusCode !== 200)
      throw new Error(`listing failed: ${response.statusCode} ${response.body}`);
    return response.json<QuestionList>();
  };
  return {
    list,
    send,
    get: (url: string, headers: Record<string, string> = {}) => send({ method: 'GET', url, headers }),
    post: (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      send({
        method: 'POST',
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      }),
    del: (url: string, headers: Record<string, string> = {}) => send({ method: 'DELETE', url, headers }),
    /** Posts a question and expects 201. */
    async ask(
      headers: Record<string, string>,
      input: Partial<{
        title: string;
        content: string;
        /** A slug or a display name. */
        category: string | null;
        tags: string[];
        isUrgent: boolean;
        isAnonymous: boolean;
      }> = {},
    ): Promise<QuestionDetail> {
      const response = await send({
        method: 'POST',
        url: '/api/questions',
        headers,
        payload: { title: 'A question', content: 'Some details about it.', ...input },
      });
      if (response.statusCode !== 201) {
        throw new Error(`posting a question failed: ${response.statusCode} ${response.body}`);
      }
      return response.json<QuestionDetail>();
    },
    /** Posts a reply and expects 201. */
    async reply(
      headers: Record<string, string>,
      questionId: string,
      content: string,
    ): Promise<QuestionDetail> {
      const response = await send({
        method: 'POST',
        url: `/api/questions/${questionId}/replies`,
        headers,
        payload: { content },
      });
      if (response.statusCode !== 201) {
        throw new Error(`posting a reply failed: ${response.statusCode} ${response.body}`);
      }
      return response.json<QuestionDetail>();
    },
    async detail(id: string, headers: Record<string, string> = {}): Promise<QuestionDetail> {
      const response = await send({ method: 'GET', url: `/api/questions/${id}`, headers });
      if (response.statusCode !== 200)
        throw new Error(`detail failed: ${response.statusCode} ${response.body}`);
      return response.json<QuestionDetail>();
    },
    /** Every page of a listing, following nextCursor; the pages as the API answered them. */
    walk(query: Record<string, string | number>, headers: Record<string, string> = {}) {
      return everyPage((cursor) => list(cursor ? { ...query, cursor } : query, headers));
    },
  };
}

export const ids = (list: Question[]) => list.map((q) => q.id);

/**
 * One app and database for a test file, with the seven categories and four members a month old (past the limits
 * for new accounts): students Alice and Bob, a mentor and an admin. The members are filled in before the first test.
 */
export function useQuestionsApp(overrides: Parameters<typeof useTestApp>[0] = {}) {
  const t = useTestApp(
    Object.defineProperties({ ...RELAXED_LIMITS }, Object.getOwnPropertyDescriptors(overrides)),
  );
  const members = {
    alice: {} as FastUser,
    bob: {} as FastUser,
    mentor: {} as FastUser,
    admin: {} as FastUser,
  };
  beforeAll(async () => {
    await seedCategories(t.db);
    const month = 30 * DAY_MS;
    Object.assign(members.alice, await createUser(t.db, { displayName: 'Alice Tran', ageMs: month }));
    Object.assign(members.bob, await createUser(t.db, { displayName: 'Bob Nguyen', ageMs: month }));
    Object.assign(
      members.mentor,
      await createUser(t.db, { displayName: 'Minh Mentor', role: 'mentor', ageMs: month }),
    );
    Object.assign(
      members.admin,
      await createUser(t.db, { displayName: 'Ada Admin', role: 'admin', ageMs: month }),
    );
  });
  return { t, a: () => api(t.app), ...members };
}
