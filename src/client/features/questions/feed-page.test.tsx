import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/schemas/auth';
import type { Question, QuestionList } from '../../../shared/schemas/questions';
import { useAskQuestion } from '../../data/posts';
import { FakeWebSocket } from '../../test/fake-socket';
import { json, renderWithApp, sampleQuestion, sampleUser, stubFetch } from '../../test/helpers';
import { FeedPage } from './feed-page';

const question = (id: string, title: string): Question => ({ ...sampleQuestion, id, title });
const first = question('q1', 'Where do I get a tax file number?');
const second = question('q2', 'How do I open a bank account?');
const newer = question('q3', 'Is my bond refundable?');

/**
 * The server: `lists` answers each feed request in turn (the last one again once they run out). A list with a
 * next cursor is the first page; a request with that cursor gets `second`.
 */
function serve(user: User | null, lists: Question[][], ask?: () => Promise<Response>) {
  let served = 0;
  return stubFetch((url) => {
    if (url === '/api/auth/me') return user ? json(200, { user }) : json(401, {});
    if (url.startsWith('/api/categories')) return json(200, { categories: [], total: 0 });
    if (url.startsWith('/api/questions?') && url.includes('cursor=')) {
      return json(200, { questions: [second], urgent: [], nextCursor: null } satisfies QuestionList);
    }
    if (url.startsWith('/api/questions?')) {
      const questions = lists[Math.min(served++, lists.length - 1)]!;
      return json(200, { questions, urgent: [], nextCursor: 'next' } satisfies QuestionList);
    }
    if (url === '/api/questions' && ask) return ask();
    return json(404, {});
  });
}

const feedCalls = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/questions?'));

/** The server says a question was posted, once the page watches the feed. */
async function posted(questionId: string, category = 'housing') {
  const socket = FakeWebSocket.latest();
  await waitFor(() => expect(socket.sent).toContainEqual({ type: 'watch', topic: 'feed' }));
  act(() => socket.receive({ type: 'question_posted', questionId, category }));
}

function renderFeed(path: string, user: User | null = null) {
  const sort = path.startsWith('/latest') ? 'latest' : 'trending';
  const view = renderWithApp(<FeedPage sort={sort} />, { path, user });
  act(() => FakeWebSocket.latest().open());
  return view;
}

beforeAll(() => {
  // jsdom lays nothing out, so it cannot scroll.
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('feed: headings', () => {
  it('puts an h2 for the list between the page h1 and the cards h3', async () => {
    serve(null, [[first]]);
    renderFeed('/latest');
    await screen.findByRole('heading', { name: first.title });
    const list = screen.getByRole('region', { name: 'Questions' });
    expect(within(list).getByRole('heading', { level: 2, name: 'Questions' })).toBeInTheDocument();
    expect(within(list).getByRole('heading', { level: 3, name: first.title })).toBeInTheDocument();
  });
});

describe('feed: my languages first', () => {
  it('asks for the reader’s languages first once ticked, and keeps the setting on the device', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['ne-NP', 'en-AU', 'fr'] });
    const fetch = serve(null, [[first]]);
    renderFeed('/latest');
    await screen.findByRole('heading', { name: first.title });
    const box = screen.getByRole('checkbox', { name: 'My languages first' });
    expect(box).toHaveAccessibleDescription(
      'Questions in this page’s language and your browser’s come first. All questions are still shown.',
    );
    await userEvent.click(box);
    await waitFor(() =>
      expect(feedCalls(fetch).at(-1)).toBe('/api/questions?sort=latest&limit=10&first=en%2Cne'),
    );
    expect(localStorage.getItem('mentorme.languagesFirst')).toBe('true');
    await userEvent.click(box);
    expect(localStorage.getItem('mentorme.languagesFirst')).toBeNull();
  });
});

describe('feed: new questions', () => {
  it('counts new questions instead of adding them, and shows them from the top when asked', async () => {
    const fetch = serve(null, [[first], [newer, first]]);
    renderFeed('/latest');
    await screen.findByRole('heading', { name: first.title });
    // A second page is on screen: showing the new ones fetches the first page only.
    await userEvent.click(screen.getByRole('button', { name: 'Load More Questions' }));
    await screen.findByRole('heading', { name: second.title });

    await posted('q3');
    expect(await screen.findByRole('button', { name: '1 New Question' })).toBeInTheDocument();
    await posted('q4', 'visa');
    // The same question twice, and one the list already shows, are not counted again.
    await posted('q4', 'visa');
    await posted('q1');
    const button = await screen.findByRole('button', { name: '2 New Questions' });
    expect(button.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: newer.title })).not.toBeInTheDocument();

    const before = feedCalls(fetch).length;
    await userEvent.click(button);
    expect(screen.getByRole('heading', { level: 2, name: 'Questions' })).toHaveFocus();
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: newer.title })).toBeInTheDocument();
    expect(feedCalls(fetch).slice(before)).toEqual(['/api/questions?sort=latest&limit=10']);
    expect(screen.queryByRole('button', { name: /new question/i })).not.toBeInTheDocument();
  });

  it("counts a topic's own questions only, and none for a search", async () => {
    serve(null, [[first]]);
    const view = renderFeed('/latest?category=housing');
    await screen.findByRole('heading', { name: first.title });
    await posted('q5', 'visa');
    await posted('q6', 'housing');
    expect(await screen.findByRole('button', { name: '1 New Question' })).toBeInTheDocument();
    view.unmount();

    FakeWebSocket.instances = [];
    renderFeed('/latest?q=bond');
    await screen.findByRole('heading', { name: first.title });
    await posted('q7');
    expect(screen.queryByRole('button', { name: /new question/i })).not.toBeInTheDocument();
  });

  it("leaves out the reader's own question, even when its frame comes before the answer", async () => {
    let answer: (response: Response) => void = () => undefined;
    // The trending list that comes after asking does not rank the new question on its first page.
    serve(sampleUser, [[first]], () => new Promise((resolve) => (answer = resolve)));
    function Ask() {
      const ask = useAskQuestion();
      return (
        <button type="button" onClick={() => ask.mutate({ title: 'Mine', content: 'Mine' })}>
          Ask now
        </button>
      );
    }
    renderWithApp(
      <>
        <FeedPage sort="trending" />
        <Ask />
      </>,
      { path: '/', user: sampleUser },
    );
    act(() => FakeWebSocket.latest().open());
    await screen.findByRole('heading', { name: first.title });

    await userEvent.click(screen.getByRole('button', { name: 'Ask now' }));
    await posted('q8');
    expect(screen.queryByRole('button', { name: /new question/i })).not.toBeInTheDocument();
    act(() => answer(json(201, { ...question('q8', 'Mine'), replies: [] })));
    await posted('q9');
    expect(await screen.findByRole('button', { name: '1 New Question' })).toBeInTheDocument();
  });

  it('fetches the list again, without a word, after the socket comes back', async () => {
    const fetch = serve(null, [[first], [newer, first]]);
    renderFeed('/latest');
    await screen.findByRole('heading', { name: first.title });
    act(() => FakeWebSocket.latest().drop());
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: 3_000 });
    act(() => FakeWebSocket.latest().open());

    expect(await screen.findByRole('heading', { name: newer.title })).toBeInTheDocument();
    expect(feedCalls(fetch)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /new question/i })).not.toBeInTheDocument();
  });
});

describe('feed: pages', () => {
  it('asks for the next page with the cursor the last one gave, and shows a question that moved once', async () => {
    const fetch = stubFetch((url) => {
      if (url === '/api/auth/me') return json(401, {});
      if (url.startsWith('/api/categories')) return json(200, { categories: [], total: 0 });
      if (url.includes('cursor=page-2')) {
        // The first page's last question moved down while the reader read it: it comes again.
        return json(200, { questions: [second, newer], urgent: [], nextCursor: null } satisfies QuestionList);
      }
      return json(200, {
        questions: [first, second],
        urgent: [],
        nextCursor: 'page-2',
      } satisfies QuestionList);
    });
    renderFeed('/');
    await screen.findByRole('heading', { name: second.title });
    await userEvent.click(screen.getByRole('button', { name: 'Load More Questions' }));
    await screen.findByRole('heading', { name: newer.title });
    expect(feedCalls(fetch)).toEqual([
      '/api/questions?sort=trending&limit=10',
      '/api/questions?sort=trending&limit=10&cursor=page-2',
    ]);
    const list = screen.getByRole('region', { name: 'Questions' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([first.title, second.title, newer.title]);
    expect(screen.queryByRole('button', { name: 'Load More Questions' })).not.toBeInTheDocument();
  });
});
