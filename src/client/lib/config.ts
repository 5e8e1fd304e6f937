import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../shared/schemas/content';
import { api } from './api';

export function usePublicConfig() {
  return useQuery({ queryKey: ['config'], queryFn: () => api<PublicConfig>('/api/config') });
}
