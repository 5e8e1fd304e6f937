import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../lib/auth';
import { useCurrentToast } from '../lib/toast';
import { useTranslation } from '../lib/i18n';
import { ErrorBoundary } from './error-boundary';
import { FloatingChat } from './floating-chat';
import { Footer } from './footer';
import { GuardSkeleton } from './guard';
import { Header } from './header';

/** The toast renderer loads with the first toast, keeping it off the first page load. */
const Toaster = lazy(() => import('../components/ui/toast'));

function Toasts() {
  const requested = useCurrentToast() !== null;
  return requested ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** Loaded only for a person whose mentor application was declined and who has not read why yet. */
const MentorDeclinedNotice = lazy(() => import('./mentor-declined-notice'));

function DeclinedNotice() {
  const reason = useAuth().user?.mentorDeclinedReason;
  return reason ? (
    <Suspense fallback={null}>
      <MentorDeclinedNotice reason={reason} />
    </Suspense>
  ) : null;
}

/** After each navigation: back to the top, and focus on the content as a page load would. */
function useFocusOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    const main = document.getElementById('main');
    if (main && document.activeElement !== document.body) main.focus({ preventScroll: true });
  }, [pathname]);
}

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useFocusOnNavigate();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('app.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <DeclinedNotice />
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<GuardSkeleton />}>{children}</Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <FloatingChat />
      <Toasts />
    </div>
  );
}
