import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from './api';
import { i18n, type MessageKey } from './i18n';
import { toast } from './toast';

/**
 * What a query or mutation says when it fails. `errorTitle` is a translation key: the one place that shows
 * errors (the caches' onError below) toasts it with the server's message as the description. Without it a
 * failure is not toasted: the screen shows it in place (a list's empty state, a panel's own message).
 * `inPlaceStatus`: an answer with this status is the screen's to show in place (a refused field), not toasted.
 */
export type CallMeta = { errorTitle?: MessageKey; inPlaceStatus?: number };

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

function toastFailure(error: unknown, meta: CallMeta | undefined) {
  if (!meta?.errorTitle) return;
  if (error instanceof ApiError && error.status === meta.inPlaceStatus) return;
  toast({ title: i18n.t(meta.errorTitle), description: errorMessage(error), variant: 'destructive' });
}

/** The spec's cache defaults: no interval or focus refetch, data never stale, no retries. */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => toastFailure(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => toastFailure(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
}
