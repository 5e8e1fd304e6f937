import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CATEGORY_SLUGS } from '../../shared/categories';
import type { FollowedCategories } from '../../shared/schemas/follows';
import { api } from '../lib/api';
import { useAuth } from '../lib/auth';
import { withConfig, type MutationConfig } from '../lib/mutation';

/** Under the topics' key, so whatever refreshes the topics refreshes what the person follows too. */
export const followKeys = {
  all: ['categories', 'following'] as const,
  of: (userId: string) => [...followKeys.all, userId] as const,
};

const followedQuery = (userId: string) =>
  queryOptions({
    queryKey: followKeys.of(userId),
    queryFn: () => api<FollowedCategories>('/api/categories/following'),
  });

/** The topics (slugs) the signed-in person follows; nothing is asked for a visitor. */
export function useFollowedTopics() {
  const { user } = useAuth();
  return useQuery({ ...followedQuery(user?.id ?? ''), enabled: user !== null });
}

type Follow = { following: boolean };

/**
 * Follows a topic or stops. The toggle shows the new state at once, so a slow connection does not leave a tap
 * looking ignored, and goes back if the server refuses.
 */
export function useFollowTopic(config: MutationConfig<Follow, { slug: string; following: boolean }> = {}) {
  const client = useQueryClient();
  const { user } = useAuth();
  const key = followKeys.of(user?.id ?? '');
  const set = (slug: string, following: boolean) =>
    client.setQueryData<FollowedCategories>(key, (old) => {
      const slugs = new Set(old?.categories);
      if (following) slugs.add(slug);
      else slugs.delete(slug);
      return { categories: CATEGORY_SLUGS.filter((each) => slugs.has(each)) };
    });
  return useMutation({
    ...withConfig(config, {
      mutationFn: (vars) =>
        api<Follow>(`/api/categories/${vars.slug}/follow`, { method: vars.following ? 'PUT' : 'DELETE' }),
      onSuccess: (result, vars) => set(vars.slug, result.following),
    }),
    onMutate: async (vars) => {
      await client.cancelQueries({ queryKey: key });
      set(vars.slug, vars.following);
    },
    onError: (_error, vars) => set(vars.slug, !vars.following),
  });
}
