import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { CategorySlug } from '../../shared/categories';
import type {
  CategoriesResponse,
  Question,
  QuestionDetail,
  QuestionList,
} from '../../shared/schemas/questions';
import { api, ApiError } from '../lib/api';
import { useAuth } from '../lib/auth';
import { useTranslation } from '../lib/i18n';
import { withConfig, type MutationConfig } from '../lib/mutation';

/** `first`: the reader's languages, whose questions come first (comma-separated codes). */
export type FeedParams = { sort: 'trending' | 'latest'; category?: CategorySlug; q?: string; first?: string };
export type ProfileList = 'mine' | 'saved';

/** Query keys, each a prefix of the ones below it, so a write can reach every copy (all languages, readers). */
export const questionKeys = {
  all: ['questions'] as const,
  feeds: ['questions', 'feed'] as const,
  feed: (params: FeedParams, locale: string) => [...questionKeys.feeds, params, locale] as const,
  anyDetail: (id: string) => ['questions', 'detail', id] as const,
  detail: (id: string, locale: string) => [...questionKeys.anyDetail(id), locale] as const,
  allCategories: ['categories'] as const,
  categories: (locale: string) => [...questionKeys.allCategories, locale] as const,
  profiles: ['questions', 'me'] as const,
  profile: (which: ProfileList) => [...questionKeys.profiles, which] as const,
  mine: (which: ProfileList, locale: string) => [...questionKeys.profile(which), locale] as const,
};

/** The feed asks for ten at a time: a phone renders its first screen sooner, and scrolling loads more. */
const FEED_PAGE_SIZE = 10;

/** The addresses of the topics and of a feed's page: the queries below, and the page frames' data (frame.tsx). */
export const categoriesPath = (locale: string) => `/api/categories?lang=${locale}`;

export function feedPath(params: FeedParams, cursor?: string): string {
  const search = new URLSearchParams({ sort: params.sort, limit: String(FEED_PAGE_SIZE) });
  if (params.category) search.set('category', params.category);
  if (params.q) search.set('q', params.q);
  if (params.first) search.set('first', params.first);
  if (cursor) search.set('cursor', cursor);
  return `/api/questions?${search}`;
}

export const categoriesQuery = (locale: string) =>
  queryOptions({
    queryKey: questionKeys.categories(locale),
    queryFn: () => api<CategoriesResponse>(categoriesPath(locale)),
  });

/** The reader is part of the key: liked and bookmarked differ per reader. */
export const feedQuery = (params: FeedParams, locale: string, userId: string | null) =>
  infiniteQueryOptions({
    queryKey: [...questionKeys.feed(params, locale), userId],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => api<QuestionList>(feedPath(params, pageParam), { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/**
 * The questions of a feed's pages, in order, each once. Pages start where the last ended, so a question shows twice
 * only when its place changed between two pages (its likes moved it down the trending order): the first stays.
 */
export function feedQuestions(pages: readonly QuestionList[]): Question[] {
  const seen = new Set<string>();
  return pages.flatMap((page) =>
    page.questions.filter((question) => !seen.has(question.id) && seen.add(question.id)),
  );
}

export const questionQuery = (id: string, locale: string, userId: string | null) =>
  queryOptions({
    queryKey: [...questionKeys.detail(id, locale), userId],
    queryFn: ({ signal }) => api<QuestionDetail>(`/api/questions/${encodeURIComponent(id)}`, { signal }),
  });

/** The address of the profile's list of the member's own questions or of those they saved (and of its frame data). */
export const profileQuestionsPath = (which: ProfileList) =>
  which === 'mine' ? '/api/me/questions' : '/api/me/bookmarks';

export const profileQuestionsQuery = (which: ProfileList, locale: string) =>
  queryOptions({
    queryKey: questionKeys.mine(which, locale),
    queryFn: () => api<{ questions: Question[] }>(profileQuestionsPath(which)),
  });

export function useCategories() {
  const { locale } = useTranslation();
  return useQuery(categoriesQuery(locale));
}

export function useFeed(params: FeedParams) {
  const { locale } = useTranslation();
  const { user } = useAuth();
  return useInfiniteQuery(feedQuery(params, locale, user?.id ?? null));
}

/**
 * Shows a feed's newest again: only its first page is fetched, the ones after it load as the reader scrolls down
 * once more. The cards stay on screen until the fresh page replaces them.
 */
export function useShowFeedTop(params: FeedParams) {
  const { locale } = useTranslation();
  const { user } = useAuth();
  const client = useQueryClient();
  return () => {
    const { queryKey } = feedQuery(params, locale, user?.id ?? null);
    client.setQueryData(queryKey, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    return client.refetchQueries({ queryKey, exact: true });
  };
}

export function useQuestion(id: string) {
  const { locale } = useTranslation();
  const { user } = useAuth();
  return useQuery(questionQuery(id, locale, user?.id ?? null));
}

export function useProfileQuestions(which: ProfileList) {
  const { locale } = useTranslation();
  return useQuery(profileQuestionsQuery(which, locale));
}

/** The question page's id is malformed (400) or names no question, or one since deleted (404). */
export function isMissingQuestion(error: unknown): boolean {
  return error instanceof ApiError && [400, 404].includes(error.status);
}

/** Writes every cached copy of a question (feed pages, lists, the question page) with the new values. */
function patchQuestion(client: QueryClient, id: string, patch: Partial<Question>) {
  const apply = <T extends Question>(q: T): T => (q.id === id ? { ...q, ...patch } : q);
  client.setQueriesData<InfiniteData<QuestionList>>({ queryKey: questionKeys.feeds }, (data) =>
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
  client.setQueriesData<QuestionDetail>({ queryKey: questionKeys.anyDetail(id) }, (data) =>
    data ? apply(data) : data,
  );
  client.setQueriesData<{ questions: Question[] }>({ queryKey: questionKeys.profiles }, (data) =>
    data ? { questions: data.questions.map(apply) } : data,
  );
}

type Like = { liked: boolean; upvotes: number };

export function useLike(config: MutationConfig<Like, { id: string; liked: boolean }> = {}) {
  const client = useQueryClient();
  return useMutation(
    withConfig(config, {
      mutationFn: (vars) =>
        api<Like>(`/api/questions/${vars.id}/like`, { method: 'POST', body: { liked: vars.liked } }),
      onSuccess: (result, vars) => patchQuestion(client, vars.id, result),
    }),
  );
}

type Helpful = { helpful: boolean; helpfulCount: number };

/** The asker marks a reply "This helped" or takes it back; the question's copies and the reply follow. */
export function useHelpful(
  config: MutationConfig<Helpful, { questionId: string; replyId: string; helpful: boolean }> = {},
) {
  const client = useQueryClient();
  return useMutation(
    withConfig(config, {
      mutationFn: (vars) =>
        api<Helpful>(`/api/questions/${vars.questionId}/replies/${vars.replyId}/helpful`, {
          method: 'POST',
          body: { helpful: vars.helpful },
        }),
      onSuccess: (result, vars) => {
        patchQuestion(client, vars.questionId, { helpfulCount: result.helpfulCount });
        client.setQueriesData<QuestionDetail>(
          { queryKey: questionKeys.anyDetail(vars.questionId) },
          (data) =>
            data
              ? {
                  ...data,
                  replies: data.replies.map((reply) =>
                    reply.id === vars.replyId ? { ...reply, helpful: result.helpful } : reply,
                  ),
                }
              : data,
        );
      },
    }),
  );
}

type Bookmark = { bookmarked: boolean };

export function useBookmark(config: MutationConfig<Bookmark, { id: string; bookmarked: boolean }> = {}) {
  const client = useQueryClient();
  return useMutation(
    withConfig(config, {
      mutationFn: (vars) =>
        api<Bookmark>(`/api/questions/${vars.id}/bookmark`, {
          method: 'POST',
          body: { bookmarked: vars.bookmarked },
        }),
      onSuccess: (result, vars) => {
        patchQuestion(client, vars.id, result);
        void client.invalidateQueries({ queryKey: questionKeys.profile('saved') });
      },
    }),
  );
}

type Follow = { following: boolean };

/**
 * Follows a question (its new replies are notified) or stops. The toggle shows the new state at once, so a slow
 * connection does not leave a tap looking ignored, and goes back if the server refuses.
 */
export function useFollow(config: MutationConfig<Follow, { id: string; following: boolean }> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...withConfig(config, {
      mutationFn: (vars) =>
        api<Follow>(`/api/questions/${vars.id}/follow`, { method: vars.following ? 'PUT' : 'DELETE' }),
      onSuccess: (result, vars) => patchQuestion(client, vars.id, { followed: result.following }),
    }),
    onMutate: (vars) => patchQuestion(client, vars.id, { followed: vars.following }),
    onError: (_error, vars) => patchQuestion(client, vars.id, { followed: !vars.following }),
  });
}

/** The state a question's page opens with right after its asker posted it (the ask dialog), and what it then says. */
export type AskedState = { asked: true };
