import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import type { User } from '../../shared/schemas/auth';
import { AuthProvider } from '../lib/auth';
import { ErrorBoundary } from './error-boundary';

/**
 * The app's providers around its router: the same tree in the browser (main.tsx) and in the page frames (frame.tsx),
 * where `user` is the member the server draws a frame for.
 */
export function Root({
  queryClient,
  user,
  children,
}: {
  queryClient: QueryClient;
  user?: User | null;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <AuthProvider initialUser={user}>{children}</AuthProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>
  );
}
