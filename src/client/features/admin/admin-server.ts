/** A fake server for the dashboard's tests, answering with the data of admin-fixtures.ts (imported by *.test.tsx only). */
import { vi } from 'vitest';
import type {
  AdminQuestion,
  AdminReport,
  AdminStats,
  AdminUser,
  FailedEmail,
} from '../../../shared/schemas/admin';
import type { AdminDirectoryReport } from '../../../shared/schemas/directory';
import { json } from '../../test/helpers';
import {
  adminUser,
  applicant,
  auditEntry,
  chatReport,
  directoryEntry,
  directoryRow,
  failedEmail,
  outdatedReport,
  question,
  services,
  stats,
  users,
} from './admin-fixtures';

const page = (total: number) => ({ total, page: 1, pageSize: 25 });

export type Call = { method: string; url: string; body: unknown };

/**
 * A fake API for the dashboard: answers the lists with the fixtures' data, and hands every write to `write`
 * (default: 204). Returns the calls made, in order.
 */
export function serveAdmin(
  write: (call: Call) => Response | undefined = () => undefined,
  lists: {
    questions?: AdminQuestion[];
    users?: AdminUser[];
    reports?: AdminReport[];
    mentors?: AdminUser[];
    emails?: FailedEmail[];
    stats?: Partial<AdminStats>;
    outdated?: AdminDirectoryReport[];
    /** How many entries have reports in all, when more than the one page served. */
    outdatedTotal?: number;
  } = {},
) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (method !== 'GET') return write({ method, url, body }) ?? new Response(null, { status: 204 });
    const path = url.split('?')[0];
    if (path === '/api/auth/me') return json(200, { user: adminUser });
    if (path === '/api/admin/stats') return json(200, { ...stats, ...lists.stats });
    if (path === '/api/admin/questions') {
      const questions = lists.questions ?? [question];
      return json(200, { questions, ...page(questions.length) });
    }
    if (path === '/api/admin/users') {
      const list = url.includes('filter=mentors-to-verify')
        ? (lists.mentors ?? [applicant])
        : (lists.users ?? users);
      return json(200, { users: list, ...page(list.length) });
    }
    if (path === '/api/admin/reports') {
      const reports = lists.reports ?? [chatReport];
      return json(200, { reports, ...page(reports.length) });
    }
    if (path === '/api/admin/audit') return json(200, { entries: [auditEntry], ...page(1) });
    if (path === '/api/admin/ai-jobs')
      return json(200, {
        jobs: [
          {
            questionId: 'q9',
            title: 'Can I work more hours in the holidays?',
            status: 'failed',
            attempts: 5,
            lastError: 'provider timed out',
            runAfter: '2026-03-12T12:00:00.000Z',
            updatedAt: '2026-03-12T12:00:00.000Z',
          },
        ],
      });
    if (path === '/api/admin/emails') return json(200, { emails: lists.emails ?? [failedEmail] });
    if (path === '/api/government/status') return json(200, { services });
    if (path === '/api/admin/directory') return json(200, { entries: [directoryRow], ...page(1) });
    if (path === `/api/admin/directory/organisation/${directoryEntry.entry.id}`)
      return json(200, directoryEntry);
    if (path === '/api/admin/directory-reports') {
      const reports = lists.outdated ?? [outdatedReport];
      const asked = Number(new URL(url, 'http://localhost').searchParams.get('page') ?? 1);
      return json(200, { reports, ...page(lists.outdatedTotal ?? reports.length), page: asked });
    }
    return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/** The writes among the calls (what the tests check the bodies of). */
export const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

/** jsdom has no modal dialogs. */
export function polyfillDialog() {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}
