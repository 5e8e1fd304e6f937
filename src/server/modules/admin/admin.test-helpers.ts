import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll } from 'vitest';
import type {
  AdminQuestionsResponse,
  AdminReportsResponse,
  AdminStats,
  AdminUsersResponse,
  AuditResponse,
  ReportStatus,
} from '../../../shared/schemas/admin';
import type { AdminWaiting } from '../../../shared/schemas/admin-waiting';
import type { Conversation, Message } from '../../../shared/schemas/chat';
import type { Database } from '../../db/client';
import { mailOutbox, type MailKind } from '../../db/schema';
import { useTestApp, type EnvOverrides, type TestDeps } from '../../test/helpers';
import { seedCategories } from '../questions';
import { createUser, DAY_MS, RELAXED_LIMITS, type FastUser } from '../questions/questions.test-helpers';

/** Who sends a request: a fast user (by bearer token), or nobody (a visitor). */
export type Caller = FastUser | undefined;

/** Thin wrappers around app.inject for the admin API and the member routes the tests need. */
export function adminApi(app: FastifyInstance) {
  const send = (
    method: InjectOptions['method'],
    url: string,
    who?: Caller,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: { ...who?.headers, ...headers },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const ok = async <T>(response: LightMyRequestResponse, expected = 200): Promise<T> => {
    if (response.statusCode !== expected) {
      throw new Error(`${response.statusCode} ${response.body}`);
    }
    return response.json<T>();
  };
  const query = (params: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams(
      Object.entries(params)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    ).toString();
    return search ? `?${search}` : '';
  };
  return {
    send,
    stats: async (who: Caller) => ok<AdminStats>(await send('GET', '/api/admin/stats', who)),
    questions: async (who: Caller, params: Record<string, string | number | undefined> = {}) =>
      ok<AdminQuestionsResponse>(await send('GET', `/api/admin/questions${query(params)}`, who)),
    users: async (who: Caller, params: Record<string, string | number | undefined> = {}) =>
      ok<AdminUsersResponse>(await send('GET', `/api/admin/users${query(params)}`, who)),
    reports: async (who: Caller, status?: ReportStatus, cursor?: string) =>
      ok<AdminReportsResponse>(await send('GET', `/api/admin/reports${query({ status, cursor })}`, who)),
    waiting: async (who: Caller) => ok<AdminWaiting>(await send('GET', '/api/admin/waiting', who)),
    audit: async (who: Caller, cursor?: string) =>
      ok<AuditResponse>(await send('GET', `/api/admin/audit${query({ cursor })}`, who)),
    decide: (who: Caller, reportId: string, body: unknown) =>
      send('PATCH', `/api/admin/reports/${reportId}`, who, body),
    /** Files a report as a member and expects 201. */
    async report(
      who: Caller,
      target: 'question' | 'reply',
      id: string,
      reason = 'spam',
      details?: string,
    ): Promise<void> {
      const url = target === 'question' ? `/api/questions/${id}/report` : `/api/replies/${id}/report`;
      await ok(await send('POST', url, who, { reason, ...(details ? { details } : {}) }), 201);
    },
    /** A student starts a chat with a verified mentor. */
    chat: async (student: Caller, mentorId: string, title = 'Finding my first job') =>
      ok<Conversation>(
        await send('POST', '/api/conversations', student, { participantId: mentorId, title }),
        201,
      ),
    say: async (who: Caller, conversationId: string, content: string) =>
      ok<Message>(await send('POST', `/api/conversations/${conversationId}/messages`, who, { content }), 201),
    /** Reports a chat (or, with messageId, one message of it) and expects 201. */
    async reportChat(
      who: Caller,
      conversationId: string,
      body: { reason: string; details?: string; messageId?: string },
    ): Promise<void> {
      await ok(await send('POST', `/api/conversations/${conversationId}/report`, who, body), 201);
    },
  };
}

export type AdminApi = ReturnType<typeof adminApi>;

/**
 * One app and database for a test file, with the categories and four members a month old: an admin, two
 * students (Alice and Bob) and a verified mentor. Rate limits are out of the way.
 */
export function useAdminApp(overrides: EnvOverrides = {}, deps: TestDeps = {}) {
  const t = useTestApp(
    { ...RELAXED_LIMITS, RATE_LIMIT_CHAT_MESSAGES_PER_SECOND: '1000', ...overrides },
    false,
    deps,
  );
  const members = {
    admin: {} as FastUser,
    alice: {} as FastUser,
    bob: {} as FastUser,
    mentor: {} as FastUser,
  };
  beforeAll(async () => {
    await seedCategories(t.db);
    const ageMs = 30 * DAY_MS;
    Object.assign(members.admin, await createUser(t.db, { role: 'admin', displayName: 'Ada Admin', ageMs }));
    Object.assign(members.alice, await createUser(t.db, { displayName: 'Alice Tran', ageMs }));
    Object.assign(members.bob, await createUser(t.db, { displayName: 'Bob Nguyen', ageMs }));
    Object.assign(
      members.mentor,
      await createUser(t.db, { role: 'mentor', displayName: 'Minh Mentor', ageMs }),
    );
  });
  return { t, api: () => adminApi(t.app), ...members };
}

/** A cursor the server never made: base64url of JSON that is no list's position. */
export const FOREIGN_CURSOR = Buffer.from(JSON.stringify({ page: 2 })).toString('base64url');

/** A UUID no row has. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** An email in the outbox, failed unless told otherwise, as the dashboard lists it. Returns its id. */
export async function insertEmail(
  db: Database,
  {
    kind = 'verify-email',
    to = 'someone@example.com',
    status = 'failed',
  }: { kind?: MailKind; to?: string; status?: 'pending' | 'sent' | 'failed' } = {},
): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind,
      toAddress: to,
      locale: 'en',
      subject: 'Subject',
      text: 'Text',
      html: '<p>Text</p>',
      status,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
