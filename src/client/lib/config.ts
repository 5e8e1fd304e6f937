import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../shared/schemas/content';
import { api } from './api';
import { useAsFramed } from './page-frame';

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api<PublicConfig>('/api/config'),
});

/** The site's settings, once they have come (drawn as the page's frame drew them while the app takes it over). */
export function usePublicConfig(): PublicConfig | undefined {
  return useAsFramed(useQuery(configQuery).data);
}
