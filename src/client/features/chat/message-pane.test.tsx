import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '../../../shared/schemas/chat';
import { CONVERSATION_ID, message, ownId, sampleConversation } from '../../test/chat-fixtures';
import { FakeWebSocket } from '../../test/fake-socket';
import { json, renderWithApp, sampleUser, stubFetch } from '../../test/helpers';
import { ChatPage } from './chat-page';

const messagesUrl = `/api/conversations/${CONVERSATION_ID}/messages`;
type Sent = { content: string; clientId: string };

/**
 * The server of one conversation with messages 1 and 2. Each POST of a message waits for the test: `answer`
 * settles the oldest one still waiting. `later` holds the messages after number 2 the server has by now; a
 * catch-up (`?after=n`) returns those after n.
 */
function serve({ conversation = sampleConversation } = {}) {
  const later: Message[] = [];
  const posts: Sent[] = [];
  const waiting: ((response: Response) => void)[] = [];
  const fetch = stubFetch((url, body) => {
    if (url === '/api/auth/me') return json(200, { user: sampleUser });
    if (url === '/api/conversations') return json(200, { conversations: [conversation] });
    if (url === messagesUrl && body === undefined)
      return json(200, { messages: [message(1, { senderId: ownId }), message(2)], hasMore: false });
    if (url.startsWith(`${messagesUrl}?after=`)) {
      const after = Number(new URL(url, 'http://x').searchParams.get('after'));
      return json(200, { messages: later.filter((m) => m.seq > after), hasMore: false });
    }
    if (url === messagesUrl) {
      posts.push(body as Sent);
      return new Promise<Response>((resolve) => waiting.push(resolve));
    }
    if (url.endsWith('/read')) return json(200, { lastReadSeq: (body as { seq: number }).seq });
    return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
  });
  const answer = async (response: Response) => {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    await act(async () => waiting.shift()!(response));
  };
  /** The server's copy of the n-th message we posted, as number `seq`. */
  const confirmed = (n: number, seq: number) =>
    message(seq, {
      id: `sent-${seq}`,
      senderId: ownId,
      content: posts[n]!.content,
      clientId: posts[n]!.clientId,
    });
  return { fetch, posts, later, answer, confirmed };
}

async function openConversation() {
  renderWithApp(<ChatPage />, { path: `/chat?c=${CONVERSATION_ID}`, user: sampleUser });
  const log = await screen.findByRole('log', { name: 'Messages with Minh Tran' });
  await within(log).findByText('Message 2');
  return log;
}

async function send(text: string) {
  const box = screen.getByRole('textbox', { name: 'Message' });
  await userEvent.type(box, `${text}{Enter}`);
  // Sent once the message's schema is loaded (lib/schemas.ts): the box empties.
  await waitFor(() => expect(box).toHaveValue(''));
}

const socket = () => FakeWebSocket.latest();
/** A frame from the server; TanStack Query tells components of cache changes on the next tick, so wait for it. */
const frame = (f: Parameters<FakeWebSocket['receive']>[0]) =>
  act(async () => {
    socket().receive(f);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe('message pane', () => {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a sent message at once as Sending…, then as sent when the server confirms it', async () => {
    const server = serve();
    const log = await openConversation();
    await send('Thank you, Minh!');

    expect(within(log).getByText('Thank you, Minh!')).toBeInTheDocument();
    expect(within(log).getByText('Sending…')).toBeInTheDocument();
    expect(server.posts).toEqual([
      { content: 'Thank you, Minh!', clientId: expect.stringMatching(/^[\w-]+$/) },
    ]);

    await server.answer(json(201, server.confirmed(0, 3)));
    await waitFor(() => expect(within(log).queryByText('Sending…')).not.toBeInTheDocument());
    expect(within(log).getAllByText('Thank you, Minh!')).toHaveLength(1);
  });

  it('shows Seen under our newest message once the other person has read it, and only there', async () => {
    const server = serve({ conversation: { ...sampleConversation, participantLastReadSeq: 2 } });
    const log = await openConversation();
    act(() => socket().open());
    // Their message 2 came after our message 1: it says they read it.
    expect(within(log).queryByText('Seen')).not.toBeInTheDocument();
    await send('Thanks!');
    await server.answer(json(201, server.confirmed(0, 3)));
    await waitFor(() => expect(within(log).queryByText('Sending…')).not.toBeInTheDocument());
    expect(within(log).queryByText('Seen')).not.toBeInTheDocument();

    await frame({ type: 'read', conversationId: CONVERSATION_ID, userId: 'someone-else', seq: 3 });
    const seen = within(log).getByText('Seen');
    expect(seen.closest('li')).toHaveTextContent('Thanks!');
    expect(within(log).getAllByText('Seen')).toHaveLength(1);
  });

  it('shows the message once when the socket echo arrives before the POST answer', async () => {
    const server = serve();
    const log = await openConversation();
    act(() => socket().open());
    await send('Echo first');

    await frame({ type: 'new_message', conversationId: CONVERSATION_ID, message: server.confirmed(0, 3) });
    expect(within(log).getAllByText('Echo first')).toHaveLength(1);
    expect(within(log).queryByText('Sending…')).not.toBeInTheDocument();

    await server.answer(json(201, server.confirmed(0, 3)));
    await waitFor(() => expect(within(log).getAllByText('Echo first')).toHaveLength(1));
    expect(within(log).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows the message once when the socket echo arrives after the POST answer', async () => {
    const server = serve();
    const log = await openConversation();
    act(() => socket().open());
    await send('Echo second');

    await server.answer(json(201, server.confirmed(0, 3)));
    await waitFor(() => expect(within(log).queryByText('Sending…')).not.toBeInTheDocument());
    await frame({ type: 'new_message', conversationId: CONVERSATION_ID, message: server.confirmed(0, 3) });
    expect(within(log).getAllByText('Echo second')).toHaveLength(1);
    expect(within(log).getAllByRole('listitem')).toHaveLength(3);
  });

  it('marks a refused message Not sent with the reason, and Retry sends it again with the same client id', async () => {
    const server = serve();
    const log = await openConversation();
    await send('Are you there?');

    await server.answer(
      json(429, { error: 'You are sending messages too fast. Please wait a moment.', code: 'RATE_LIMITED' }),
    );
    expect(await within(log).findByText('Not sent')).toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveTextContent(
      'Failed to send message / You are sending messages too fast. Please wait a moment.',
    );

    await userEvent.click(within(log).getByRole('button', { name: 'Retry' }));
    expect(within(log).getByText('Sending…')).toBeInTheDocument();
    expect(within(log).queryByText('Not sent')).not.toBeInTheDocument();
    await waitFor(() => expect(server.posts).toHaveLength(2));
    expect(server.posts[1]).toEqual(server.posts[0]);

    await server.answer(json(200, server.confirmed(1, 3)));
    await waitFor(() => expect(within(log).queryByText('Sending…')).not.toBeInTheDocument());
    expect(within(log).getAllByText('Are you there?')).toHaveLength(1);
  });

  it("adds the other person's new messages as they come, fetches any it missed, and marks them read", async () => {
    const server = serve();
    const log = await openConversation();
    act(() => socket().open());
    expect(socket().sent).toContainEqual({ type: 'join', conversationId: CONVERSATION_ID });

    await frame({
      type: 'typing',
      conversationId: CONVERSATION_ID,
      userId: sampleConversation.participant.id,
    });
    expect(screen.getByText('Minh Tran is typing…')).toBeInTheDocument();

    server.later.push(message(3));
    await frame({ type: 'new_message', conversationId: CONVERSATION_ID, message: message(3) });
    expect(within(log).getByText('Message 3')).toBeInTheDocument();
    expect(screen.queryByText('Minh Tran is typing…')).not.toBeInTheDocument();

    // Number 4 never came: hearing 5 fetches everything after 3.
    server.later.push(message(4), message(5));
    await frame({ type: 'new_message', conversationId: CONVERSATION_ID, message: message(5) });
    expect(await within(log).findByText('Message 4')).toBeInTheDocument();
    expect(server.fetch).toHaveBeenCalledWith(`${messagesUrl}?after=3&limit=100`, expect.anything());
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Message 1'),
      expect.stringContaining('Message 2'),
      expect.stringContaining('Message 3'),
      expect.stringContaining('Message 4'),
      expect.stringContaining('Message 5'),
    ]);
    await waitFor(() =>
      expect(server.fetch).toHaveBeenCalledWith(
        `/api/conversations/${CONVERSATION_ID}/read`,
        expect.objectContaining({ body: JSON.stringify({ seq: 5 }) }),
      ),
    );
  });

  it('says it is reconnecting while the socket is down, and catches up when it is back', async () => {
    const server = serve();
    const log = await openConversation();
    act(() => socket().open());
    act(() => socket().drop());
    // Sent while we were away: no frame for it reaches us.
    server.later.push(message(3));
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('online'));
      socket().open();
    });
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
    expect(await within(log).findByText('Message 3')).toBeInTheDocument();
    expect(server.fetch).toHaveBeenCalledWith(`${messagesUrl}?after=2&limit=100`, expect.anything());
    expect(socket().sent).toContainEqual({ type: 'join', conversationId: CONVERSATION_ID });
  });

  it('locks the message box of a closed conversation', async () => {
    const closed: Conversation = { ...sampleConversation, status: 'closed' };
    serve({ conversation: closed });
    await openConversation();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.getByText('This conversation is closed.')).toBeInTheDocument();
    expect(screen.getAllByText('Closed').length).toBeGreaterThan(0);
  });
});
