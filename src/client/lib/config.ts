import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../shared/schemas/auth';
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

/**
 * Where a member goes from sign-up on to `next`: first to the step that asks them to confirm their address
 * (/check-email), unless it is confirmed (a demo account's is) or the site sends no email (`MAIL_DISABLED`).
 */
export function useAfterSignUp(next: string): (user: User | null) => string {
  const config = usePublicConfig();
  return (user) =>
    user && !user.emailVerified && config?.emailEnabled !== false
      ? `/check-email?next=${encodeURIComponent(next)}`
      : next;
}
