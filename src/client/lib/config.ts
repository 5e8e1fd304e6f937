import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../shared/schemas/content';
import { api } from './api';

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api<PublicConfig>('/api/config'),
});

export function usePublicConfig() {
  return useQuery(configQuery);
}
