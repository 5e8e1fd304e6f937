import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminQuestionsQuery,
  AdminQuestionsResponse,
  AdminReportsResponse,
  AdminStats,
  AdminUsersQuery,
  AdminUsersResponse,
  AuditResponse,
  ChangeRoleInput,
  ReportActionInput,
  ReportStatus,
} from '../../shared/schemas/admin';
import type { AdminWaiting } from '../../shared/schemas/admin-waiting';
import type { FeedbackRating } from '../../shared/chloe';
import type { FailedEmailsResponse } from '../../shared/schemas/mail';
import type { ChloeMissStatus } from '../../shared/chloe';
import type { aiJobSchema, ChloeFeedbackPage, ChloeMissesPage } from '../../shared/schemas/ai';
import type { ServiceStatusItem } from '../../shared/schemas/government';
import type { z } from 'zod';
import { saveBlob } from './account';
import { api, errorMessage, queryString } from '../lib/api';
import { governmentKeys } from './government';
import { withConfig, type MutationConfig } from '../lib/mutation';
import { questionKeys } from './questions';

export type AiJob = z.infer<typeof aiJobSchema>;

/** Every admin key starts with 'admin', so one invalidation after an action reaches the stats, lists and log. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  waiting: ['admin', 'waiting'] as const,
  questions: (query: AdminQuestionsQuery, locale: string) => ['admin', 'questions', query, locale] as const,
  users: (query: AdminUsersQuery) => ['admin', 'users', query] as const,
  reports: (status: ReportStatus) => ['admin', 'reports', status] as const,
  audit: ['admin', 'audit'] as const,
  jobs: ['admin', 'ai-jobs'] as const,
  emails: ['admin', 'emails'] as const,
  chloeFeedback: (rating: FeedbackRating | undefined) =>
    ['admin', 'chloe-feedback', rating ?? 'all'] as const,
  /** Article titles come in the caller's language, hence the locale in the key. */
  chloeMisses: (status: ChloeMissStatus, locale: string) =>
    ['admin', 'chloe-misses', status, locale] as const,
};

/** Why a list could not load, in the server's words when it gave some, shown in place of the rows. */
export function listLoadFailure(error: unknown): string {
  return errorMessage(error);
}

/**
 * An admin list, a page at a time: each page starts at the cursor the one before it ended with. When the filters
 * change, the list keeps showing what it had until the new one comes, so it does not flash.
 */
export const adminListQuery = <Page extends { nextCursor: string | null }>(
  queryKey: readonly unknown[],
  path: string,
  filters: Record<string, string | undefined> = {},
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ signal, pageParam }) =>
      api<Page>(`${path}${queryString({ ...filters, cursor: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const adminStatsQuery = () =>
  queryOptions({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => api<AdminStats>('/api/admin/stats', { signal }),
  });

export const adminWaitingQuery = () =>
  queryOptions({
    queryKey: adminKeys.waiting,
    queryFn: ({ signal }) => api<AdminWaiting>('/api/admin/waiting', { signal }),
  });

/** Category names come in the caller's language, hence the locale in the key. */
export const adminQuestionsQuery = (query: AdminQuestionsQuery, locale: string) =>
  adminListQuery<AdminQuestionsResponse>(adminKeys.questions(query, locale), '/api/admin/questions', query);

export const adminUsersQuery = (query: AdminUsersQuery) =>
  adminListQuery<AdminUsersResponse>(adminKeys.users(query), '/api/admin/users', query);

export const adminReportsQuery = (status: ReportStatus) =>
  adminListQuery<AdminReportsResponse>(adminKeys.reports(status), '/api/admin/reports', { status });

export const adminAuditQuery = () => adminListQuery<AuditResponse>(adminKeys.audit, '/api/admin/audit');

export const failedJobsQuery = () =>
  queryOptions({
    queryKey: adminKeys.jobs,
    queryFn: ({ signal }) => api<{ jobs: AiJob[] }>('/api/admin/ai-jobs?status=failed', { signal }),
  });

/**
 * An admin action: after it the dashboard's figures, lists and audit log are fetched again (only those on screen
 * at once, the rest when next shown), and `also` for the other screens the action changes.
 */
export function useAdminAction<TData, TVariables>(
  config: MutationConfig<TData, TVariables>,
  mutationFn: (variables: TVariables) => Promise<TData>,
  also: readonly (readonly string[])[] = [],
) {
  const client = useQueryClient();
  return useMutation(
    withConfig(config, {
      mutationFn,
      onSuccess: async () => {
        for (const queryKey of also) void client.invalidateQueries({ queryKey });
        await client.invalidateQueries({ queryKey: adminKeys.all });
      },
    }),
  );
}

const userPath = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}`;
/** An optional reason travels only when there is one: a DELETE without a reason has no body. */
const withReason = (reason?: string) => (reason?.trim() ? { reason: reason.trim() } : undefined);

export function useDeleteQuestion(config: MutationConfig<unknown, { id: string; reason?: string }> = {}) {
  return useAdminAction(
    config,
    ({ id, reason }) =>
      api(`/api/admin/questions/${encodeURIComponent(id)}`, { method: 'DELETE', body: withReason(reason) }),
    [questionKeys.all, questionKeys.allCategories],
  );
}

export function useChangeRole(config: MutationConfig<unknown, { userId: string } & ChangeRoleInput> = {}) {
  return useAdminAction(config, ({ userId, role, reason }) =>
    api(`${userPath(userId)}/role`, { method: 'PATCH', body: { role, ...withReason(reason) } }),
  );
}

export function useVerifyMentor(config: MutationConfig<unknown, { userId: string }> = {}) {
  return useAdminAction(config, ({ userId }) =>
    api(`${userPath(userId)}/verify`, { method: 'POST', body: {} }),
  );
}

export function useDeclineMentor(config: MutationConfig<unknown, { userId: string; reason: string }> = {}) {
  return useAdminAction(config, ({ userId, reason }) =>
    api(`${userPath(userId)}/decline`, { method: 'POST', body: { reason } }),
  );
}

/** Dismiss keeps the content; remove deletes it, so the feed changes too. */
export function useReportAction(config: MutationConfig<unknown, { id: string } & ReportActionInput> = {}) {
  return useAdminAction(
    config,
    ({ id, action, reason }) =>
      api(`/api/admin/reports/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { action, ...withReason(reason) },
      }),
    [questionKeys.all],
  );
}

/** A notice shown on a service of the Government page, or null to take it down. */
export function useSetNotice(config: MutationConfig<unknown, { id: string; note: string | null }> = {}) {
  const client = useQueryClient();
  return useAdminAction(config, async ({ id, note }) => {
    const answer = await api<{ services: ServiceStatusItem[] }>(
      `/api/admin/government/status/${encodeURIComponent(id)}`,
      { method: 'PUT', body: { note } },
    );
    client.setQueryData(governmentKeys.status(), answer);
    return answer;
  });
}

export function useRetryJob(config: MutationConfig<unknown, { questionId: string }> = {}) {
  return useAdminAction(config, ({ questionId }) =>
    api(`/api/admin/ai-jobs/${encodeURIComponent(questionId)}/retry`, { method: 'POST' }),
  );
}

/** `mentor-me-newsletter-2026-03-14.txt`, dated by the admin's own calendar (spec §9). */
function newsletterFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `mentor-me-newsletter-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.txt`;
}

/** Asks the server for the week's newsletter and saves it as a text file. */
export function useExportNewsletter(config: MutationConfig<void, void> = {}) {
  return useAdminAction(config, async () => {
    const { content } = await api<{ content: string }>('/api/admin/export-newsletter', { method: 'POST' });
    saveBlob(new Blob([content], { type: 'text/plain;charset=utf-8' }), newsletterFileName());
  });
}

export const failedEmailsQuery = () =>
  queryOptions({
    queryKey: adminKeys.emails,
    queryFn: ({ signal }) => api<FailedEmailsResponse>('/api/admin/emails', { signal }),
  });

export function useRetryEmail(config: MutationConfig<unknown, { emailId: number }> = {}) {
  return useAdminAction(config, ({ emailId }) =>
    api(`/api/admin/emails/${encodeURIComponent(emailId)}/retry`, { method: 'POST' }),
  );
}

/** Chloe's feedback, newest first, a page at a time: each page starts where the one before ended. */
export const chloeFeedbackQuery = (rating: FeedbackRating | undefined) =>
  adminListQuery<ChloeFeedbackPage>(adminKeys.chloeFeedback(rating), '/api/admin/chloe-feedback', { rating });

/** Chloe's misses in one status, newest first, a page at a time, with the articles to attach them to. */
export const chloeMissesQuery = (status: ChloeMissStatus, locale: string) =>
  adminListQuery<ChloeMissesPage>(adminKeys.chloeMisses(status, locale), '/api/admin/chloe/misses', {
    status,
  });

export type MissDecision = { id: string } & (
  { action: 'attach'; articleId: string } | { action: 'needs-article' | 'dismiss' }
);

/** Attaches a miss to an article (its question joins the article's), marks it "needs an article", or dismisses it. */
export function useDecideMiss(config: MutationConfig<unknown, MissDecision> = {}) {
  return useAdminAction(config, (decision) =>
    api(`/api/admin/chloe/misses/${encodeURIComponent(decision.id)}/${decision.action}`, {
      method: 'POST',
      body: decision.action === 'attach' ? { articleId: decision.articleId } : {},
    }),
  );
}
