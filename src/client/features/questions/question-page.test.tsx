import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/schemas/auth';
import type { QuestionDetail } from '../../../shared/schemas/questions';
import { FakeWebSocket } from '../../test/fake-socket';
import { json, renderWithApp, sampleQuestion, sampleUser, stubFetch } from '../../test/helpers';
import { QuestionPage } from './question-page';

const question: QuestionDetail = {
  ...sampleQuestion,
  upvotes: 0,
  replyCount: 1,
  author: { displayName: 'Minh', role: 'student' },
  replies: [
    {
      id: 'r1',
      content: 'Apply on the ATO website.',
      language: 'en',
      isAiReply: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      author: { displayName: 'An', role: 'mentor' },
      isOwn: false,
      helpful: false,
    },
  ],
  claim: null,
};

/** The question (`shown()`, as it is now) and the signed-in member; `write` answers every other call. */
function serve(write: (url: string, body: unknown) => Response | Promise<Response>, shown = () => question) {
  return stubFetch((url, body) => {
    if (url === '/api/auth/me') return json(200, { user: sampleUser });
    if (url === '/api/questions/q1') return json(200, shown());
    return write(url, body);
  });
}

function renderQuestion(user: User | null, path = '/questions/q1', state?: unknown) {
  return renderWithApp(
    <Routes>
      <Route path="/questions/:id" element={<QuestionPage />} />
    </Routes>,
    { path, user, state },
  );
}

const posts = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [String(url), JSON.parse(String(init!.body)) as unknown]);

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

describe('question page: replies', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks the reply a notification’s link names, in words, where the page opens', async () => {
    serve(() => json(200, { unread: 0 }));
    renderQuestion(sampleUser, '/questions/q1#reply-r1');
    const reply = (await screen.findByText('Apply on the ATO website.')).closest('li')!;
    expect(reply).toHaveAttribute('id', 'reply-r1');
    expect(reply).toHaveAttribute('tabindex', '-1');
    expect(within(reply).getByText('The reply from your notification')).toBeVisible();
  });

  it('marks no reply on the question’s own address', async () => {
    serve(() => json(200, { unread: 0 }));
    renderQuestion(sampleUser);
    const reply = (await screen.findByText('Apply on the ATO website.')).closest('li')!;
    expect(reply).not.toHaveAttribute('tabindex');
    expect(screen.queryByText('The reply from your notification')).toBeNull();
  });

  it('asks a visitor to sign in instead of showing the form', async () => {
    serve(() => json(404, {}));
    renderQuestion(null);
    expect(await screen.findByRole('button', { name: 'Sign In to Reply' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Your reply')).not.toBeInTheDocument();
  });

  it('posts the trimmed reply, says so and empties the form', async () => {
    const fetch = serve(() => json(201, { ok: true }));
    renderQuestion(sampleUser);
    await userEvent.type(await screen.findByLabelText('Your reply'), '  Try myGov first.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Post Reply' }));

    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Reply posted!'));
    expect(posts(fetch)).toEqual([['/api/questions/q1/replies', { content: 'Try myGov first.' }]]);
    expect(screen.getByLabelText('Your reply')).toHaveValue('');
  });

  it('checks the reply with the shared schema before sending it', async () => {
    const fetch = serve(() => json(201, { ok: true }));
    renderQuestion(sampleUser);
    await userEvent.type(await screen.findByLabelText('Your reply'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Post Reply' }));

    expect(screen.getByTestId('toast')).toHaveTextContent('Failed to post reply / Please write a reply.');
    expect(posts(fetch)).toEqual([]);
  });
});

describe('question page: reports', () => {
  afterEach(() => vi.unstubAllGlobals());

  async function reportFirstReply() {
    const reply = (await screen.findByText('Apply on the ATO website.')).closest('li')!;
    await userEvent.click(within(reply).getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this content' });
    await userEvent.click(within(dialog).getByLabelText('Misleading advice'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    return dialog;
  }

  it('sends the reason for the reply, thanks the person and closes the dialog', async () => {
    const fetch = serve(() => json(201, { ok: true }));
    renderQuestion(sampleUser);
    const dialog = await reportFirstReply();

    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Thank you. Our moderators will review it.'),
    );
    expect(posts(fetch)).toEqual([['/api/replies/r1/report', { reason: 'misleading' }]]);
    expect(dialog).not.toHaveAttribute('open');
  });

  it("keeps the dialog open with the server's reason when the report is refused", async () => {
    serve(() => json(409, { error: 'You have already reported this.', code: 'CONFLICT' }));
    renderQuestion(sampleUser);
    const dialog = await reportFirstReply();

    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'Could not send the report / You have already reported this.',
      ),
    );
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('button', { name: 'Send Report' })).toBeEnabled();
  });
});

describe('question page: live replies', () => {
  afterEach(() => vi.unstubAllGlobals());

  const reply = (id: string, content: string, isOwn = false) => ({
    ...question.replies[0]!,
    id,
    content,
    isOwn,
    author: { displayName: isOwn ? 'Lan' : 'Bao', role: 'student' as const },
  });

  /** The server says a reply was posted, once the page watches the question. */
  async function replyPosted(questionId: string, replyId: string) {
    const socket = FakeWebSocket.latest();
    await waitFor(() => expect(socket.sent).toContainEqual({ type: 'watch', topic: 'question:q1' }));
    act(() => socket.receive({ type: 'reply_posted', questionId, replyId }));
  }

  it('right after asking, says Chloe is answering, and that a person will when she has nothing on it', async () => {
    let status = 'answering';
    const asked = { ...question, isOwn: true, followed: true, replyCount: 0, replies: [] };
    const fetch = serve(
      (url) => (url === '/api/ai/replies/q1' ? json(200, { status }) : json(404, {})),
      () => asked,
    );
    renderQuestion(sampleUser, '/questions/q1', { asked: true });
    expect(await screen.findByText('Chloe is answering…')).toBeInTheDocument();
    act(() => FakeWebSocket.latest().open());
    const socket = FakeWebSocket.latest();
    await waitFor(() => expect(socket.sent).toContainEqual({ type: 'watch', topic: 'question:q1' }));
    // Another question's news changes nothing here.
    status = 'no-reply';
    const checks = () => fetch.mock.calls.filter(([url]) => url === '/api/ai/replies/q1').length;
    const before = checks();
    act(() => socket.receive({ type: 'chloe_no_reply', questionId: 'q2' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(checks()).toBe(before);
    act(() => socket.receive({ type: 'chloe_no_reply', questionId: 'q1' }));
    expect(
      await screen.findByText(
        'Chloe has nothing on this in the official sources she answers from, so she did not reply. People in the community will.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Chloe is answering…')).not.toBeInTheDocument();
    expect(screen.getByText(/^We will tell you when a person replies/)).toBeInTheDocument();
  });

  it("shows someone's new reply in place and says so, keeping the reader's draft", async () => {
    let current = question;
    const fetch = serve(
      () => json(404, {}),
      () => current,
    );
    renderQuestion(sampleUser);
    await userEvent.type(await screen.findByLabelText('Your reply'), 'Half-written');
    const reads = () => fetch.mock.calls.filter(([url]) => url === '/api/questions/q1').length;
    expect(reads()).toBe(1);
    // Once the socket listens, the page asks again for what came before it did.
    act(() => FakeWebSocket.latest().open());
    await waitFor(() => expect(reads()).toBe(2));

    // Another question's reply changes nothing here.
    await replyPosted('q2', 'r9');
    expect(reads()).toBe(2);

    current = { ...question, replyCount: 2, replies: [...question.replies, reply('r2', 'Call the ATO.')] };
    await replyPosted('q1', 'r2');
    expect(await screen.findByText('Call the ATO.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Replies (2)' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    const region = screen.getByText('New reply from Bao').closest('[aria-live="polite"]');
    expect(region).not.toBeNull();
    expect(screen.getByLabelText('Your reply')).toHaveValue('Half-written');
  });

  it("does not announce the reader's own reply, which its form already confirms", async () => {
    let current = question;
    serve(
      () => json(404, {}),
      () => current,
    );
    renderQuestion(sampleUser);
    await screen.findByText('Apply on the ATO website.');
    act(() => FakeWebSocket.latest().open());

    current = { ...question, replyCount: 2, replies: [...question.replies, reply('r3', 'Mine.', true)] };
    await replyPosted('q1', 'r3');
    expect(await screen.findByText('Mine.')).toBeInTheDocument();
    expect(screen.queryByText(/New reply/)).not.toBeInTheDocument();
  });
});

describe('question page: notifications', () => {
  afterEach(() => vi.unstubAllGlobals());

  const unread = (count: number) => json(200, { notifications: [], nextCursor: null, unread: count });

  it('reads what the member was told about the question, once it shows, and only with something unread', async () => {
    const fetch = serve((url) =>
      url.startsWith('/api/notifications/read') ? json(200, { unread: 0 }) : unread(2),
    );
    renderQuestion(sampleUser);
    await screen.findByRole('heading', { level: 1, name: question.title });
    await waitFor(() => expect(posts(fetch)).toEqual([['/api/notifications/read', { questionId: 'q1' }]]));
  });

  it('reads them only while the page is on screen: a tab in the background leaves them to be emailed', async () => {
    let state: DocumentVisibilityState = 'hidden';
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    const fetch = serve((url) =>
      url.startsWith('/api/notifications/read') ? json(200, { unread: 0 }) : unread(2),
    );
    renderQuestion(sampleUser);
    await screen.findByRole('heading', { level: 1, name: question.title });
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/notifications'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(posts(fetch)).toEqual([]);

    state = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(posts(fetch)).toEqual([['/api/notifications/read', { questionId: 'q1' }]]));
    visibility.mockRestore();
  });

  it('asks nothing when nothing is unread', async () => {
    const fetch = serve(() => unread(0));
    renderQuestion(sampleUser);
    await screen.findByRole('heading', { level: 1, name: question.title });
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/notifications'))).toBe(true),
    );
    expect(posts(fetch)).toEqual([]);
  });
});

describe('question page: follow', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows at once, and goes back if the server refuses', async () => {
    let refuse: (response: Response) => void = () => undefined;
    const fetch = serve((url) =>
      url === '/api/questions/q1/follow'
        ? new Promise<Response>((resolve) => (refuse = resolve))
        : json(404, {}),
    );
    renderQuestion(sampleUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Follow', pressed: false }));

    // Shown before the server answers.
    expect(screen.getByRole('button', { name: 'Following', pressed: true })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/questions/q1/follow',
      expect.objectContaining({ method: 'PUT' }),
    );
    act(() => refuse(json(500, { error: 'Try again later.', code: 'INTERNAL' })));
    expect(await screen.findByRole('button', { name: 'Follow', pressed: false })).toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveTextContent('Something went wrong / Try again later.');
  });

  it('unfollows with DELETE and says so', async () => {
    const fetch = serve(
      (url) => (url === '/api/questions/q1/follow' ? json(200, { following: false }) : json(404, {})),
      () => ({ ...question, followed: true }),
    );
    renderQuestion(sampleUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Following', pressed: true }));

    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('You won’t hear about new replies any more'),
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/questions/q1/follow',
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(screen.getByRole('button', { name: 'Follow', pressed: false })).toBeInTheDocument();
  });

  it('asks a visitor to sign in, as liking does', async () => {
    const fetch = serve(() => json(404, {}));
    renderQuestion(null);
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(screen.getByTestId('toast')).toHaveTextContent(
      'Login required / Please sign in to follow questions',
    );
    expect(fetch).not.toHaveBeenCalledWith('/api/questions/q1/follow', expect.anything());
  });
});
