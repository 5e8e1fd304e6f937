import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityStats, Founder } from '../../shared/schemas/content';
import { api } from './api';

export const foundersKeys = {
  stats: ['stats', 'community'] as const,
  founders: ['founders'] as const,
};

/** The founders page's tiles, counted by the server. */
export const communityStatsQuery = queryOptions({
  queryKey: foundersKeys.stats,
  queryFn: () => api<CommunityStats>('/api/stats/community'),
});

/** Members flagged as founding members. */
export const foundersQuery = queryOptions({
  queryKey: foundersKeys.founders,
  queryFn: () => api<{ founders: Founder[] }>('/api/founders'),
});

export function useCommunityStats() {
  return useQuery(communityStatsQuery);
}

export function useFounders() {
  return useQuery(foundersQuery);
}
