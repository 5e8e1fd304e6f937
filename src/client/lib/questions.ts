import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useNavigate, useLocation } from 'react-router';
import type { CategorySlug } from '../../shared/categories';
import { UI } from '../../shared/constants';
import type {
  CategoryWithCount,
  Question,
  QuestionDetail,
  QuestionList,
} from '../../shared/schemas/questions';
import { toast } from '../components/ui/toast-store';
import { api } from './api';
import { useAuth } from './auth';
import { useTranslation } from './i18n';

export type FeedParams = { sort: 'trending' | 'latest'; category?: CategorySlug; q?: string };

export const questionKeys = {
  all: ['questions'] as const,
  feed: (params: FeedParams, locale: string) => ['questions', 'feed', params, locale] as const,
  detail: (id: string, locale: string) => ['questions', 'detail', id, locale] as const,
  categories: (locale: string) => ['categories', locale] as const,
  mine: (which: 'mine' | 'saved', locale: string) => [...questionKeys.profile(which), locale] as const,
  profile: (which: 'mine' | 'saved') => ['questions', 'me', which] as const,
};

export function useCategories() {
  const { locale } = useTranslation();
  return useQuery({
    queryKey: questionKeys.categories(locale),
    queryFn: () => api<{ categories: CategoryWithCount[] }>('/api/categories'),
  });
}

export function useFeed(params: FeedParams) {
  const { locale } = useTranslation();
  const { user } = useAuth();
  return useInfiniteQuery({
    // The user is part of the key: liked and bookmarked differ per reader.
    queryKey: [...questionKeys.feed(params, locale), user?.id ?? null],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ sort: params.sort });
      if (params.category) search.set('category', params.category);
      if (params.q) search.set('q', params.q);
      if (pageParam) search.set('cursor', pageParam);
      return api<QuestionList>(`/api/questions?${search}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useQuestion(id: string) {
  const { locale } = useTranslation();
  const { user } = useAuth();
  return useQuery({
    queryKey: [...questionKeys.detail(id, locale), user?.id ?? null],
    queryFn: ({ signal }) => api<QuestionDetail>(`/api/questions/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useProfileQuestions(which: 'mine' | 'saved') {
  const { locale } = useTranslation();
  return useQuery({
    queryKey: questionKeys.mine(which, locale),
    queryFn: () =>
      api<{ questions: Question[] }>(which === 'mine' ? '/api/me/questions' : '/api/me/bookmarks'),
  });
}

/** Writes every cached copy of a question (feed pages, lists, the question page) with the new values. */
function patchQuestion(client: ReturnType<typeof useQueryClient>, id: string, patch: Partial<Question>) {
  const apply = <T extends Question>(q: T): T => (q.id === id ? { ...q, ...patch } : q);
  client.setQueriesData<InfiniteData<QuestionList>>({ queryKey: ['questions', 'feed'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            questions: page.questions.map(apply),
            urgent: page.urgent.map(apply),
          })),
        }
      : data,
  );
  client.setQueriesData<QuestionDetail>({ queryKey: ['questions', 'detail', id] }, (data) =>
    data ? apply(data) : data,
  );
  client.setQueriesData<{ questions: Question[] }>({ queryKey: ['questions', 'me'] }, (data) =>
    data ? { questions: data.questions.map(apply) } : data,
  );
}

/**
 * Visitors who try to like, save or reply are told to sign in and taken to the sign-in page after
 * the spec's delay, which brings them back here afterwards.
 */
export function useLoginRequired() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (messageKey: string) => {
    toast({ title: t('question.loginRequired'), description: t(messageKey), variant: 'destructive' });
    const next = encodeURIComponent(location.pathname + location.search);
    setTimeout(() => navigate(`/login?next=${next}`), UI.loginRedirectDelayMs);
  };
}

export function useLike() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { id: string; liked: boolean }) =>
      api<{ liked: boolean; upvotes: number }>(`/api/questions/${vars.id}/like`, {
        method: 'POST',
        body: { liked: vars.liked },
      }),
    onSuccess: (result, vars) => patchQuestion(client, vars.id, result),
  });
}

export function useBookmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { id: string; bookmarked: boolean }) =>
      api<{ bookmarked: boolean }>(`/api/questions/${vars.id}/bookmark`, {
        method: 'POST',
        body: { bookmarked: vars.bookmarked },
      }),
    onSuccess: (result, vars) => {
      patchQuestion(client, vars.id, result);
      void client.invalidateQueries({ queryKey: questionKeys.profile('saved') });
    },
  });
}

/** Everything about questions is fetched again after a write that changes lists or counts. */
export function useInvalidateQuestions() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: questionKeys.all });
    void client.invalidateQueries({ queryKey: ['categories'] });
  };
}
