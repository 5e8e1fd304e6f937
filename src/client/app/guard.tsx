import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '../../shared/constants';
import { useAuth } from '../lib/auth';
import { NotFoundScreen } from './screens';

/**
 * Wraps protected screens: drawn at once for the user the app knows (lib/auth.tsx; the server still checks every
 * request, and a session it refuses signs the reader out); without a user, a redirect that replaces history to the
 * sign-in page, which brings the reader back here afterwards.
 */
export function RequireAuth({
  children,
  role,
  redirectTo = '/login',
}: {
  children: ReactNode;
  role?: Role;
  redirectTo?: string;
}) {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${redirectTo}?next=${next}`} replace />;
  }
  // A role the user does not have: the page does not exist for them.
  if (role && user.role !== role) return <NotFoundScreen />;
  return children;
}

/** Sign-in and sign-up are for visitors: a signed-in user goes on to `next` or home. */
export function PublicOnly({ children, next }: { children: ReactNode; next: string }) {
  const { user } = useAuth();
  if (user) return <Navigate to={next} replace />;
  return children;
}
