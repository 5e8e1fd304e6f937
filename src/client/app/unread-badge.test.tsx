import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message, sampleConversation } from '../test/chat-fixtures';
import { FakeWebSocket } from '../test/fake-socket';
import { json, renderWithApp, sampleUser, stubFetch } from '../test/helpers';
import { Header } from './header';

function serve() {
  return stubFetch((url) => {
    if (url === '/api/auth/me') return json(200, { user: sampleUser });
    if (url === '/api/conversations')
      return json(200, {
        conversations: [
          { ...sampleConversation, unreadCount: 2, lastReadSeq: 0 },
          { ...sampleConversation, id: 'other', unreadCount: 1 },
        ],
      });
    return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
  });
}

describe('unread messages on the Mentors link', () => {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the total with a label read out, and counts a new message from the socket', async () => {
    serve();
    renderWithApp(<Header />, { user: sampleUser });
    const nav = screen.getByRole('navigation', { name: /main/i });
    expect(
      await within(nav).findByRole('link', { name: /^Mentors\s*\(3 unread messages\)$/ }),
    ).toHaveAttribute('href', '/chat');

    act(() => FakeWebSocket.latest().open());
    await act(async () => {
      FakeWebSocket.latest().receive({
        type: 'new_message',
        conversationId: sampleConversation.id,
        message: message(3),
      });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() =>
      expect(
        within(nav).getByRole('link', { name: /^Mentors\s*\(4 unread messages\)$/ }),
      ).toBeInTheDocument(),
    );
  });

  it('shows nothing and opens no socket for a visitor', async () => {
    const fetch = serve();
    renderWithApp(<Header />);
    expect(screen.getByRole('link', { name: 'Mentors' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalledWith('/api/conversations', expect.anything());
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('signs out when the server ends the socket and the session is gone (an admin changed the role)', async () => {
    let signedIn = true;
    stubFetch((url) => {
      if (url === '/api/auth/me')
        return signedIn
          ? json(200, { user: sampleUser })
          : json(401, { error: 'Please sign in.', code: 'UNAUTHORIZED' });
      if (url === '/api/conversations') return json(200, { conversations: [] });
      return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
    });
    renderWithApp(<Header />, { user: sampleUser });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.latest().open());
    signedIn = false;
    act(() => FakeWebSocket.latest().drop(4001));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem('mentorme.user')).toBeNull();
  });
});
