import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/schemas/auth';
import type { Conversation } from '../../../shared/schemas/chat';
import type { Mentor } from '../../../shared/schemas/mentors';
import { MENTOR_ID, sampleConversation } from '../../test/chat-fixtures';
import { FakeWebSocket } from '../../test/fake-socket';
import { json, renderWithApp, sampleUser, stubFetch } from '../../test/helpers';
import { ChatPage } from './chat-page';

const mentors: Mentor[] = [
  {
    id: MENTOR_ID,
    displayName: 'Minh Tran',
    headline: 'Careers adviser',
    expertise: ['resumes', 'TFN'],
    topics: ['work-career'],
    languages: ['vi', 'en'],
    state: 'VIC',
    city: 'Melbourne',
    answerCount: 3,
    helpfulCount: 1,
    availability: 'open',
    awayUntil: null,
    replyTime: null,
    lastActive: null,
    isDemo: false,
  },
];

/** The server: `conversations` is what the list answers, and a test may add to it. */
function serve(
  user: User,
  write: (url: string, body: unknown) => Response = () => json(500, {}),
  conversations: Conversation[] = [],
) {
  return stubFetch((url, body) => {
    if (url === '/api/auth/me') return json(200, { user });
    if (url === '/api/mentors') return json(200, { mentors, nextCursor: null, total: mentors.length });
    if (url === '/api/conversations' && body === undefined) return json(200, { conversations });
    if (url.includes('/messages') && body === undefined) return json(200, { messages: [], hasMore: false });
    return write(url, body);
  });
}

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

describe('/chat', () => {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks a visitor to sign in or create an account, and comes back to /chat', () => {
    const fetch = serve(sampleUser);
    renderWithApp(<ChatPage />, { path: '/chat' });
    expect(screen.getByRole('heading', { name: 'Sign in to Chat' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?next=%2Fchat');
    expect(screen.getByRole('link', { name: 'Create an Account' })).toHaveAttribute(
      'href',
      '/signup?next=%2Fchat',
    );
    expect(screen.queryByRole('button', { name: 'Start New Conversation' })).not.toBeInTheDocument();
    // No conversation is asked for and no socket opened for a visitor.
    expect(fetch).not.toHaveBeenCalledWith('/api/conversations', expect.anything());
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('refuses to start a conversation without a mentor and a title, then starts and opens it', async () => {
    const posted: unknown[] = [];
    const list: Conversation[] = [];
    serve(
      sampleUser,
      (url, body) => {
        if (url === '/api/conversations') {
          posted.push(body);
          const created = { ...sampleConversation, lastMessage: null, lastSeq: 0, lastReadSeq: 0 };
          list.push(created);
          return json(201, created);
        }
        return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
      },
      list,
    );
    renderWithApp(<ChatPage />, { path: '/chat', user: sampleUser });
    expect(await screen.findByText('Start a conversation with a verified peer mentor.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Start New Conversation' }));
    const dialog = screen.getByRole('dialog', { name: 'Start a conversation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start Conversation' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('Please select a mentor and enter a chat title');

    const mentor = within(dialog).getByRole('combobox', { name: 'Mentor' });
    await within(dialog).findByRole('option', { name: 'Minh Tran – Careers adviser' });
    await userEvent.selectOptions(mentor, MENTOR_ID);
    expect(within(dialog).getByText('Vietnamese, English')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Chat title'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start Conversation' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('Please select a mentor and enter a chat title');
    expect(posted).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Chat title'));
    await userEvent.type(within(dialog).getByLabelText('Chat title'), 'Finding my first part-time job');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start Conversation' }));

    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('New conversation started!'));
    expect(posted).toEqual([{ participantId: MENTOR_ID, title: 'Finding my first part-time job' }]);
    expect(
      await screen.findByRole('heading', { name: 'Finding my first part-time job', level: 2 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('log', { name: 'Messages with Minh Tran' })).toHaveTextContent(
      'No messages yet. Say hello!',
    );
  });

  it("from a mentor's page, opens with that mentor chosen and asks only what to talk about", async () => {
    const posted: unknown[] = [];
    const fetch = serve(sampleUser, (url, body) => {
      if (url === `/api/mentors/${MENTOR_ID}`) return json(200, mentors[0]);
      if (url === '/api/conversations') {
        posted.push(body);
        return json(201, { ...sampleConversation, lastMessage: null, lastSeq: 0, lastReadSeq: 0 });
      }
      return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
    });
    renderWithApp(<ChatPage />, { path: `/chat?mentor=${MENTOR_ID}`, user: sampleUser });
    const dialog = await screen.findByRole('dialog', { name: 'Start a conversation' });
    expect(await within(dialog).findByText('Minh Tran')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(1);
    expect(fetch).not.toHaveBeenCalledWith('/api/mentors', expect.anything());

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'What would you like to talk about?' }),
      'Writing my first resume{Enter}',
    );
    await waitFor(() =>
      expect(posted).toEqual([{ participantId: MENTOR_ID, title: 'Writing my first resume' }]),
    );
  });

  it("shows the server's reason when a conversation cannot be started", async () => {
    serve(sampleUser, () =>
      json(400, {
        error: 'You have 20 open conversations. Close one before you start another.',
        code: 'TOO_MANY_OPEN',
      }),
    );
    renderWithApp(<ChatPage />, { path: '/chat', user: sampleUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Start New Conversation' }));
    const dialog = screen.getByRole('dialog', { name: 'Start a conversation' });
    await within(dialog).findByRole('option', { name: 'Minh Tran – Careers adviser' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Mentor' }), MENTOR_ID);
    await userEvent.type(within(dialog).getByLabelText('Chat title'), 'Housing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start Conversation' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'Failed to create conversation / You have 20 open conversations. Close one before you start another.',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Start a conversation' })).toBeInTheDocument();
  });

  it('tells a mentor waiting for verification, and offers no start button', async () => {
    const mentor: User = { ...sampleUser, id: MENTOR_ID, role: 'mentor', mentorVerified: false };
    const fetch = serve(mentor);
    renderWithApp(<ChatPage />, { path: '/chat', user: mentor });
    expect(await screen.findByText(/Your mentor profile is waiting for review/)).toBeInTheDocument();
    expect(
      await screen.findByText('When a student starts a conversation with you, it shows here.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start New Conversation' })).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith('/api/mentors', expect.anything());
  });
});
