import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { WaitingPage } from '../../shared/schemas/mentoring';
import type { QuestionClaim, QuestionDetail } from '../../shared/schemas/questions';
import { api } from '../lib/api';
import { useAuth } from '../lib/auth';
import { withConfig, type MutationConfig } from '../lib/mutation';
import { questionKeys } from './questions';

export const mentoringKeys = {
  all: ['mentoring'] as const,
  waiting: (userId: string | null) => [...mentoringKeys.all, 'waiting', userId] as const,
};

export const waitingPath = (cursor?: string) =>
  `/api/mentor/waiting${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;

/**
 * The questions waiting for a person's answer. Other mentors take them meanwhile, so coming back to the tab looks
 * again (after half a minute at most).
 */
export const waitingQuery = (userId: string | null) =>
  infiniteQueryOptions({
    queryKey: mentoringKeys.waiting(userId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => api<WaitingPage>(waitingPath(pageParam), { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

export function useWaiting() {
  const { user } = useAuth();
  return useInfiniteQuery(waitingQuery(user?.id ?? null));
}

/** Writes a question's claim into its page and the waiting list, wherever they are kept. */
function patchClaim(client: QueryClient, id: string, claim: QuestionClaim) {
  client.setQueriesData<QuestionDetail>({ queryKey: questionKeys.anyDetail(id) }, (data) =>
    data ? { ...data, claim } : data,
  );
  client.setQueriesData<InfiniteData<WaitingPage>>({ queryKey: mentoringKeys.all }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            questions: page.questions.map((item) => (item.id === id ? { ...item, claim } : item)),
          })),
        }
      : data,
  );
}

/** "I'm answering this": the mentor takes the question for half an hour (again, renewing their own claim). */
export function useClaim(config: MutationConfig<{ claim: QuestionClaim }, { id: string }> = {}) {
  const client = useQueryClient();
  return useMutation(
    withConfig(config, {
      mutationFn: (vars) =>
        api<{ claim: QuestionClaim }>(`/api/questions/${vars.id}/claim`, { method: 'POST' }),
      onSuccess: (result, vars) => patchClaim(client, vars.id, result.claim),
    }),
  );
}

/** The mentor lets the question go. */
export function useReleaseClaim(config: MutationConfig<unknown, { id: string }> = {}) {
  const client = useQueryClient();
  return useMutation(
    withConfig(config, {
      mutationFn: (vars) => api<unknown>(`/api/questions/${vars.id}/claim`, { method: 'DELETE' }),
      onSuccess: (_result, vars) => patchClaim(client, vars.id, null),
    }),
  );
}
