import { createElement, lazy, type ComponentType, type ReactNode } from 'react';
import { Route, Routes, useSearchParams } from 'react-router';
import { LOCALES, type Locale } from '../../shared/constants';
import type { PageWithFrame } from '../../shared/pages';
import { pageRoute } from '../../shared/routes';
import { useAuth } from '../lib/auth';
import { useAfterSignUp } from '../lib/config';
import { safeNext } from '../lib/format';
import { withTexts } from '../lib/i18n';
import { PublicOnly, RequireAuth } from './guard';
import { Layout } from './layout';
import { NotFoundScreen } from './screens';

type Screen<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * Each screen is its own chunk, loaded when first visited. Once its chunk has loaded (or been preloaded), the screen
 * renders at once instead of suspending, so a page can render whole on its first render (see preloadScreen).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function page<M, P extends Record<string, any>>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  languages?: readonly Locale[],
): Screen<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = () => withTexts(load(), languages).then((module) => (loaded = pick(module)));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Screen = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Screen, { preload });
}

const FeedPage = page(
  () => import('../features/questions/feed-page'),
  (m) => m.FeedPage,
);
const QuestionPage = page(
  () => import('../features/questions/question-page'),
  (m) => m.QuestionPage,
);
const ResourcesPage = page(
  () => import('../features/resources/resources-page'),
  (m) => m.ResourcesPage,
);
const ChatPage = page(
  () => import('../features/chat/chat-page'),
  (m) => m.ChatPage,
);
const MentorsPage = page(
  () => import('../features/mentors/mentors-page'),
  (m) => m.MentorsPage,
);
const MentorPage = page(
  () => import('../features/mentors/mentor-page'),
  (m) => m.MentorPage,
);
const WaitingPage = page(
  () => import('../features/mentoring/waiting-page'),
  (m) => m.WaitingPage,
);
const OrganisationPage = page(
  () => import('../features/resources/organisation-page'),
  (m) => m.OrganisationPage,
);
const ChloePage = page(
  () => import('../features/chloe/chloe-page'),
  (m) => m.ChloePage,
);
const GovernmentPage = page(
  () => import('../features/government/government-page'),
  (m) => m.GovernmentPage,
);
const FaqPage = page(
  () => import('../features/faq/faq-page'),
  (m) => m.FaqPage,
);
// Its disclaimer is in both languages.
const AboutPage = page(
  () => import('../features/about/about-page'),
  (m) => m.AboutPage,
  LOCALES,
);
const FoundersPage = page(
  () => import('../features/founders/founders-page'),
  (m) => m.FoundersPage,
);
const LegalPage = page(
  () => import('../features/legal/legal-page'),
  (m) => m.LegalPage,
);
const LoginPage = page(
  () => import('../features/auth/login-page'),
  (m) => m.LoginPage,
);
const SignupPage = page(
  () => import('../features/auth/signup-page'),
  (m) => m.SignupPage,
);
const CheckEmailPage = page(
  () => import('../features/auth/check-email-page'),
  (m) => m.CheckEmailPage,
);
const ForgotPasswordPage = page(
  () => import('../features/auth/forgot-password-page'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = page(
  () => import('../features/auth/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const VerifyEmailPage = page(
  () => import('../features/auth/verify-email-page'),
  (m) => m.VerifyEmailPage,
);
const CancelEmailChangePage = page(
  () => import('../features/auth/cancel-email-change-page'),
  (m) => m.CancelEmailChangePage,
);
const ProfilePage = page(
  () => import('../features/profile/profile-page'),
  (m) => m.ProfilePage,
);
const AdminPage = page(
  () => import('../features/admin/admin-page'),
  (m) => m.AdminPage,
);
const NotificationsPage = page(
  () => import('../features/notifications/notifications-page'),
  (m) => m.NotificationsPage,
);
const UnsubscribePage = page(
  () => import('../features/notifications/unsubscribe-page'),
  (m) => m.UnsubscribePage,
);

/** The screens of the pages that come with a frame (`frame` in shared/pages.ts). */
const FRAMED_SCREENS: Record<PageWithFrame, { preload: () => Promise<unknown> }> = {
  '/': FeedPage,
  '/latest': FeedPage,
  '/resources': ResourcesPage,
  '/chloe': ChloePage,
  '/government': GovernmentPage,
  '/faq': FaqPage,
  '/about': AboutPage,
  '/founders': FoundersPage,
  '/privacy': LegalPage,
  '/terms': LegalPage,
  '/guidelines': LegalPage,
  '/login': LoginPage,
  '/signup': SignupPage,
  '/questions/:id': QuestionPage,
  '/profile': ProfilePage,
  '/chat': ChatPage,
  '/notifications': NotificationsPage,
};

/** Loads the screen of a framed page, so the first render draws it whole. */
export async function preloadScreen(pathname: string): Promise<void> {
  const route = pageRoute(pathname);
  if (route && route in FRAMED_SCREENS) await FRAMED_SCREENS[route as PageWithFrame].preload();
}

/**
 * Sign-in and sign-up, for visitors. `confirmFirst` (sign-up): a member whose address is not confirmed goes on to the
 * step that asks them to confirm it (/check-email), as one who has just signed up does, then to `next`.
 */
function VisitorsOnly({ children, confirmFirst = false }: { children: ReactNode; confirmFirst?: boolean }) {
  const [params] = useSearchParams();
  const { user } = useAuth();
  const next = safeNext(params.get('next'));
  const afterSignUp = useAfterSignUp(next);
  return <PublicOnly next={confirmFirst ? afterSignUp(user) : next}>{children}</PublicOnly>;
}

export function AppRoutes() {
  return (
    <Layout>
      <Routes>
        <Route index element={<FeedPage sort="trending" />} />
        <Route path="latest" element={<FeedPage sort="latest" />} />
        <Route path="questions/:id" element={<QuestionPage />} />
        <Route path="resources" element={<ResourcesPage />} />
        <Route path="resources/:id" element={<OrganisationPage />} />
        <Route path="chat" element={<ChatPage />} />
        <Route path="mentors" element={<MentorsPage />} />
        <Route path="mentors/:id" element={<MentorPage />} />
        <Route
          path="mentor"
          element={
            <RequireAuth>
              <WaitingPage />
            </RequireAuth>
          }
        />
        <Route path="chloe" element={<ChloePage />} />
        <Route path="government" element={<GovernmentPage />} />
        <Route path="faq" element={<FaqPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="founders" element={<FoundersPage />} />
        <Route path="privacy" element={<LegalPage doc="privacy" />} />
        <Route path="terms" element={<LegalPage doc="terms" />} />
        <Route path="guidelines" element={<LegalPage doc="guidelines" />} />
        <Route
          path="login"
          element={
            <VisitorsOnly>
              <LoginPage />
            </VisitorsOnly>
          }
        />
        <Route
          path="signup"
          element={
            <VisitorsOnly confirmFirst>
              <SignupPage />
            </VisitorsOnly>
          }
        />
        {/* The step after sign-up: confirming the address, or changing one typed wrong. */}
        <Route
          path="check-email"
          element={
            <RequireAuth>
              <CheckEmailPage />
            </RequireAuth>
          }
        />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        {/* Open signed in or out: a link from an email works in whatever state the browser is in. */}
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="cancel-email-change" element={<CancelEmailChangePage />} />
        <Route
          path="profile"
          element={
            <RequireAuth>
              <ProfilePage />
            </RequireAuth>
          }
        />
        <Route
          path="notifications"
          element={
            <RequireAuth>
              <NotificationsPage />
            </RequireAuth>
          }
        />
        {/* Open signed out: the link in a notification email turns those emails off without a password. */}
        <Route path="unsubscribe" element={<UnsubscribePage />} />
        <Route
          path="admin"
          element={
            <RequireAuth role="admin">
              <AdminPage />
            </RequireAuth>
          }
        />
        <Route path="*" element={<NotFoundScreen />} />
      </Routes>
    </Layout>
  );
}
