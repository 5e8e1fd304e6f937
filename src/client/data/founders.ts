import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityStats, Founder } from '../../shared/schemas/content';
import { api } from '../lib/api';
import { useTranslation } from '../lib/i18n';

export const foundersKeys = {
  stats: ['stats', 'community'] as const,
  founders: (locale: string) => ['founders', locale] as const,
};

/** The founders page's tiles, counted by the server. */
export const communityStatsQuery = queryOptions({
  queryKey: foundersKeys.stats,
  queryFn: () => api<CommunityStats>('/api/stats/community'),
});

/** Members flagged as founding members, their profiles in the reader's language where translated. */
export const foundersQuery = (locale: string) =>
  queryOptions({
    queryKey: foundersKeys.founders(locale),
    queryFn: () => api<{ founders: Founder[] }>(`/api/founders?lang=${locale}`),
  });

export function useCommunityStats() {
  return useQuery(communityStatsQuery);
}

export function useFounders() {
  const { locale } = useTranslation();
  return useQuery(foundersQuery(locale));
}
