import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router';
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

/** Where the reader was on each page of this visit, by history entry, for Back and Forward. */
const scrollPositions = new Map<string, number>();
/** How long a page that is still loading is given to grow tall enough for the place the reader left. */
const RESTORE_WINDOW_MS = 2000;

/** Scrolls to `top` as soon as the page is tall enough, until the reader scrolls or the window has passed. */
function restoreScroll(top: number): () => void {
  const until = performance.now() + RESTORE_WINDOW_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(type, stop);
  };
  const attempt = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) > 1 && performance.now() < until)
      frame = requestAnimationFrame(attempt);
    else stop();
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const)
    window.addEventListener(type, stop, { passive: true });
  attempt();
  return stop;
}

/**
 * After each navigation, focus on the content as a page load would; a new page starts at the top, and Back or
 * Forward returns to where the reader was on that page, once its content has come.
 */
function useScrollOnNavigate() {
  const { pathname, key } = useLocation();
  const navigation = useNavigationType();
  const current = useRef(key);
  useEffect(() => {
    // The app puts the reader back itself, once the page has its content; the browser would try too early.
    history.scrollRestoration = 'manual';
    const remember = () => scrollPositions.set(current.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);
  // Before the browser reports the new page's first scroll, so it is not taken for the last page's place.
  useLayoutEffect(() => {
    current.current = key;
  }, [key]);
  useEffect(() => {
    const main = document.getElementById('main');
    if (main && document.activeElement !== document.body) main.focus({ preventScroll: true });
    const saved = navigation === 'POP' ? scrollPositions.get(key) : undefined;
    if (saved === undefined) {
      window.scrollTo(0, 0);
      return;
    }
    return restoreScroll(saved);
    // A new page, not a new query on the same page (filters replace the entry and keep the place).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useScrollOnNavigate();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('app.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 outline-none">
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
