/** A fake server for the dashboard's tests, answering with the data of admin-fixtures.ts (imported by *.test.tsx only). */
import { vi } from 'vitest';
import type { AdminQuestion, AdminReport, AdminStats, AdminUser } from '../../../shared/schemas/admin';
import type { AdminWaiting } from '../../../shared/schemas/admin-waiting';
import type { FailedEmail } from '../../../shared/schemas/mail';
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
import { waiting } from './waiting-fixtures';

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
    /** The waiting times as they are, or the answer instead of them (a failure). */
    waiting?: AdminWaiting | (() => Response);
    /**
     * A second page of a list, by the list's path: the first page then ends with the cursor `next`. A Response is the
     * answer to the second page as it is (a failure).
     */
    more?: Partial<Record<string, unknown[] | Response>>;
  } = {},
) {
  const calls: Call[] = [];
  /** A page of a list, `key` naming its rows: the first, or the second after the cursor `next`. */
  const page = (url: string, key: string, rows: unknown[]) => {
    const more = lists.more?.[url.split('?')[0]!];
    if (!more) return json(200, { [key]: rows, nextCursor: null, total: rows.length });
    const total = rows.length + (Array.isArray(more) ? more.length : 1);
    if (new URL(url, 'http://localhost').searchParams.get('cursor') !== 'next')
      return json(200, { [key]: rows, nextCursor: 'next', total });
    return Array.isArray(more) ? json(200, { [key]: more, nextCursor: null, total }) : more;
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (method !== 'GET') return write({ method, url, body }) ?? new Response(null, { status: 204 });
    const path = url.split('?')[0];
    if (path === '/api/auth/me') return json(200, { user: adminUser });
    if (path === '/api/admin/stats') return json(200, { ...stats, ...lists.stats });
    if (path === '/api/admin/waiting')
      return typeof lists.waiting === 'function' ? lists.waiting() : json(200, lists.waiting ?? waiting);
    if (path === '/api/admin/questions') return page(url, 'questions', lists.questions ?? [question]);
    if (path === '/api/admin/users')
      return page(
        url,
        'users',
        url.includes('filter=mentors-to-verify') ? (lists.mentors ?? [applicant]) : (lists.users ?? users),
      );
    if (path === '/api/admin/reports') return page(url, 'reports', lists.reports ?? [chatReport]);
    if (path === '/api/admin/audit') return page(url, 'entries', [auditEntry]);
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
    if (path === '/api/admin/directory') return page(url, 'entries', [directoryRow]);
    if (path === `/api/admin/directory/organisation/${directoryEntry.entry.id}`)
      return json(200, directoryEntry);
    if (path === '/api/admin/directory-reports')
      return page(url, 'reports', lists.outdated ?? [outdatedReport]);
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
