import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { useAuth } from '../lib/auth';
import { cn } from '../lib/cn';
import { useTranslation, withTexts } from '../lib/i18n';
import { frameTakenOver, pageFrame } from '../lib/page-frame';
import { useCurrentToast } from '../lib/toast';
import { Skeleton } from '../components/ui/card';
import { ErrorBoundary } from './error-boundary';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineStatus } from './offline-status';
import { InBrowser } from './in-browser';
import type * as ScrollMemory from './scroll-memory';

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

/**
 * The floating chat button loads after the page: it is not part of what the first screen needs to show. Not on the
 * two chat pages, which are where it leads: there its code is not asked for at all. Below the `lg` breakpoint those
 * two pages are as tall as the screen, without the footer (its links are in the menu): the messages take what the
 * header leaves above the message box (decision 040).
 */
const FloatingChat = lazy(() =>
  withTexts(import('./floating-chat')).then((m) => ({ default: m.FloatingChat })),
);
const CHAT_PAGES = new Set(['/chat', '/chloe']);

/**
 * Once the screen is drawn, the page's frame (which the app takes over, main.tsx) becomes the page: usable, and read
 * by assistive technology. Drawn with the screen, not before it: a field typed in before React had taken it over
 * would lose what was typed.
 */
function FrameTakenOver() {
  useEffect(() => {
    const frame = pageFrame();
    frame?.removeAttribute('inert');
    frame?.removeAttribute('aria-hidden');
    frameTakenOver();
  }, []);
  return null;
}

/** Loaded only for a person whose mentor application was declined and who has not read why yet. */
const MentorDeclinedNotice = lazy(() => withTexts(import('./mentor-declined-notice')));

function DeclinedNotice() {
  const reason = useAuth().user?.mentorDeclinedReason;
  return reason ? (
    <InBrowser>
      <MentorDeclinedNotice reason={reason} />
    </InBrowser>
  ) : null;
}

let memory: typeof ScrollMemory | undefined;
const scrollMemory = async () => (memory ??= await import('./scroll-memory'));

/**
 * After each navigation, focus on the content as a page load would; a new page starts at the top, and Back or
 * Forward returns to where the reader was on that page, once its content has come (app/scroll-memory.ts). An
 * address with a `#` (a notification's link to a reply) opens at what it names, once that is on the page, when the
 * reader was not on this entry before.
 */
function useScrollOnNavigate() {
  const { pathname, hash, key } = useLocation();
  const navigation = useNavigationType();
  useLayoutEffect(() => {
    // At once once loaded: the browser may report the old page's last scroll (clamped to the new, shorter page)
    // before a promise settles, and that place must not be kept as the old page's.
    if (memory) memory.enterEntry(key);
    else void scrollMemory().then((loaded) => loaded.enterEntry(key));
  }, [key]);
  const loaded = useRef(false);
  useEffect(() => {
    const main = document.getElementById('main');
    // Not on the page load itself: focus is where the reader has already put it (a Tab before this effect ran).
    if (loaded.current && main && document.activeElement !== document.body)
      main.focus({ preventScroll: true });
    loaded.current = true;
    const target = targetOf(hash);
    // A new page starts at the top (a page load is where the browser put it: at its target, when it has one).
    if (navigation !== 'POP') window.scrollTo(0, 0);
    let stop: (() => void) | undefined;
    let left = false;
    void scrollMemory().then((loaded) => {
      if (left) return;
      if (target && (navigation !== 'POP' || !loaded.remembers(key))) stop = loaded.showTarget(target);
      else if (navigation === 'POP') stop = loaded.returnTo(key);
    });
    return () => {
      left = true;
      stop?.();
    };
    // A new page, not a new query on the same page (filters replace the entry and keep the place).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, hash]);
}

/** The element id an address's `#` names, if any. */
function targetOf(hash: string): string | null {
  try {
    return hash.length > 1 ? decodeURIComponent(hash.slice(1)) : null;
  } catch {
    return null;
  }
}

/** In the screen's place while its code loads. */
function ScreenSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-8" aria-busy="true">
      <span className="sr-only" role="status">
        {t('app.loading')}
      </span>
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useScrollOnNavigate();
  const fits = CHAT_PAGES.has(pathname);
  return (
    <div className={cn('flex flex-col', fits ? 'h-dvh lg:h-auto lg:min-h-screen' : 'min-h-screen')}>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('app.skipToContent')}
      </a>
      <Header />
      <OfflineStatus />
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          'flex-1 outline-none',
          fits ? 'flex min-h-0 flex-col overflow-y-auto lg:block lg:min-h-svh' : 'min-h-svh',
        )}
      >
        <DeclinedNotice />
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<ScreenSkeleton />}>
            {children}
            <FrameTakenOver />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer className={fits ? 'hidden lg:block' : undefined} />
      <div className="print:hidden">
        {CHAT_PAGES.has(pathname) ? null : (
          <InBrowser>
            <FloatingChat />
          </InBrowser>
        )}
        <Toasts />
      </div>
    </div>
  );
}
