import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { AuthProvider } from '../lib/auth';
import { ErrorBoundary } from './error-boundary';

/**
 * The app's providers around its router: the same tree in the browser (main.tsx) and in the page frames (frame.tsx).
 * `onDrawn` is called once the app's first render is on screen.
 */
export function Root({
  queryClient,
  onDrawn,
  children,
}: {
  queryClient: QueryClient;
  onDrawn?: () => void;
  children: ReactNode;
}) {
  useEffect(() => onDrawn?.(), [onDrawn]);
  return (
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>{children}</AuthProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>
  );
}
