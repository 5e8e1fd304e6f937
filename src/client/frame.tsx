/**
 * The page frames: a page's first render as HTML, for a visitor or a signed-in member in a language, rendered by the
 * server with the app's own components (src/server/lib/index-page.ts puts it in the first HTML). The header, the
 * page's title and lead and its skeletons (or, on the pages with `data` in shared/pages.ts, the screen's first data) then paint before
 * any code has run, and main.tsx takes those elements over (hydration). Built by `vite build --ssr`
 * (scripts/build.mjs).
 */
import type { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Locale } from '../shared/constants';
import type { User } from '../shared/schemas/auth';
import type { Conversation } from '../shared/schemas/chat';
import type { MentorProfile } from '../shared/schemas/mentors';
import type { NotificationPreferences, NotificationsPage } from '../shared/schemas/notifications';
import type { CategoriesResponse, Question, QuestionDetail, QuestionList } from '../shared/schemas/questions';
import {
  DATA_FRAMES,
  MEMBER_DATA_FRAMES,
  type DataFrame,
  type DataPage,
  type Frame,
  type LoadData,
} from '../shared/pages';
import { pageRoute } from '../shared/routes';
import { Root } from './app/root';
import { AppRoutes, preloadScreen } from './app/router';
import { drawingFrameAt } from './lib/clock';
import { loadEveryLanguage, setLanguage } from './lib/i18n';
import { createQueryClient } from './lib/query';
import { conversationsQuery, CONVERSATIONS_PATH } from './data/chat';
import { ownMentorProfileQuery, OWN_MENTOR_PROFILE_PATH } from './data/mentors';
import { notificationKeys, PREFERENCES_PATH } from './data/notifications';
import {
  categoriesPath,
  categoriesQuery,
  feedPath,
  feedQuery,
  profileQuestionsPath,
  profileQuestionsQuery,
  questionQuery,
} from './data/questions';

/**
 * Fills the app's store with what a frame's page asks for first, loaded as the visitor or the `user` it is drawn for:
 * the frame shows it, and so does the first render.
 */
type FrameData = (
  client: QueryClient,
  locale: Locale,
  load: LoadData,
  user: User | undefined,
  pathname: string,
) => Promise<PageTitle | void>;

/** A page's title and description from its data, for its first HTML (a link's preview, a search engine). */
type PageTitle = Pick<Frame, 'title' | 'description'>;

/**
 * The first words of a text, as a page's description shows them: on one line, at most 160 characters, ending with a
 * whole word where words have spaces between them.
 */
const DESCRIPTION_CHARS = 160;
function descriptionOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_CHARS) return line;
  return `${line.slice(0, DESCRIPTION_CHARS).replace(/\s*\S*$/, '') || line.slice(0, DESCRIPTION_CHARS - 1)}…`;
}

const feedData =
  (sort: 'trending' | 'latest'): FrameData =>
  async (client, locale, load, user) => {
    const [categories, feed] = await Promise.all([
      load(categoriesPath(locale), locale),
      load(feedPath({ sort }), locale),
    ]);
    client.setQueryData(categoriesQuery(locale).queryKey, categories as CategoriesResponse);
    client.setQueryData(feedQuery({ sort }, locale, user?.id ?? null).queryKey, {
      pages: [feed as QuestionList],
      pageParams: [undefined],
    });
  };

/** How each page whose frame carries data (`data` in shared/pages.ts) fills the store. */
const FRAME_DATA: Record<DataPage, FrameData> = {
  '/': feedData('trending'),
  '/latest': feedData('latest'),
  '/questions/:id': async (client, locale, load, user, pathname) => {
    const id = pathname.split('/')[2]!;
    const question = (await load(`/api/questions/${id}`, locale)) as QuestionDetail;
    client.setQueryData(questionQuery(id, locale, user?.id ?? null).queryKey, question);
    return { title: question.title, description: descriptionOf(question.content) };
  },
  '/notifications': async (client, locale, load, user) => {
    if (!user) throw new Error('/notifications is a member’s');
    const page = (await load('/api/notifications', locale)) as NotificationsPage;
    client.setQueryData(notificationKeys.list(user.id, locale), { pages: [page], pageParams: [undefined] });
    client.setQueryData(notificationKeys.unread(user.id), page.unread);
  },
  '/chat': async (client, locale, load) => {
    const list = await load(CONVERSATIONS_PATH, locale);
    client.setQueryData(conversationsQuery().queryKey, list as { conversations: Conversation[] });
  },
  '/profile': async (client, locale, load, user) => {
    if (!user) throw new Error('/profile is a member’s');
    const [mine, saved, preferences, mentorProfile] = await Promise.all([
      load(profileQuestionsPath('mine'), locale),
      load(profileQuestionsPath('saved'), locale),
      load(PREFERENCES_PATH, locale),
      user.role === 'mentor' ? load(OWN_MENTOR_PROFILE_PATH, locale) : undefined,
    ]);
    client.setQueryData(profileQuestionsQuery('mine', locale).queryKey, mine as { questions: Question[] });
    client.setQueryData(profileQuestionsQuery('saved', locale).queryKey, saved as { questions: Question[] });
    client.setQueryData(notificationKeys.preferences(user.id), preferences as NotificationPreferences);
    if (mentorProfile) client.setQueryData(ownMentorProfileQuery().queryKey, mentorProfile as MentorProfile);
  },
};

// The server reads which pages carry data from the renderer it loaded (dist/frame/frame.js).
export { DATA_FRAMES, MEMBER_DATA_FRAMES };

async function render(pathname: string, locale: Locale, client: QueryClient, user?: User): Promise<Frame> {
  await Promise.all([preloadScreen(pathname), loadEveryLanguage()]);
  await setLanguage(locale);
  // Frames in another language may be drawn meanwhile (members' are drawn per request): with the texts loaded, this
  // switch is immediate, and nothing comes between it and the render.
  void setLanguage(locale);
  const drawnAt = Date.now();
  drawingFrameAt(drawnAt);
  const html = renderToString(
    <Root queryClient={client} user={user}>
      <StaticRouter location={pathname}>
        <AppRoutes />
      </StaticRouter>
    </Root>,
  );
  // The Content Security Policy allows no style attribute in HTML (the app sets styles from code, which it allows):
  // the only ones are Radix's sizes for the closed FAQ answers, which the app sets again when it draws the page.
  return { html: html.replace(/ style="[^"]*"/g, ''), drawnAt };
}

export async function renderFrame(pathname: string, locale: Locale, user?: User): Promise<Frame> {
  return render(pathname, locale, createQueryClient(), user);
}

/**
 * A frame with its page's first data, and that data as `[queryKey, data]` pairs in JSON for main.tsx to keep
 * before its first render. Throws when the data cannot be had: the page then keeps its frame without.
 */
export async function renderDataFrame(
  pathname: string,
  locale: Locale,
  load: LoadData,
  user?: User,
): Promise<DataFrame> {
  const fill = FRAME_DATA[pageRoute(pathname) as DataPage];
  if (!fill) throw new Error(`${pathname} has no frame data`);
  const client = createQueryClient();
  const title = await fill(client, locale, load, user, pathname);
  const data = client
    .getQueryCache()
    .getAll()
    .map((query) => [query.queryKey, query.state.data]);
  return { ...(await render(pathname, locale, client, user)), ...title, data: JSON.stringify(data) };
}
