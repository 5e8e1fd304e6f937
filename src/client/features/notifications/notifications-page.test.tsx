import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { Notification } from '../../../shared/schemas/notifications';
import { FakeWebSocket } from '../../test/fake-socket';
import { json, renderWithApp, sampleUser, stubFetch } from '../../test/helpers';
import { NotificationsPage } from './notifications-page';

const QUESTION = '0b6f7c1e-2a8e-4a43-9d3c-6f7e9b1d2c3a';
const CHAT = '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6';

function notification(id: string, patch: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'reply_to_my_question',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    readAt: null,
    actor: { displayName: 'Minh', role: 'mentor' },
    target: { kind: 'question', id: QUESTION, title: 'Tax file number' },
    text: 'Minh replied to your question “Tax file number”',
    ...patch,
  };
}

const first = [
  notification('n1'),
  notification('n2', {
    type: 'chat_message',
    target: { kind: 'conversation', id: CHAT, title: 'First job' },
    text: 'New message from Minh in “First job”',
  }),
  notification('n3', { readAt: '2026-01-02T00:00:00.000Z', text: 'Chloe replied to your question “Rent”' }),
];
const older = [notification('n4', { readAt: '2026-01-01T00:00:00.000Z', text: 'An older reply' })];

function serve({ notifications = first, unread = 2 } = {}) {
  return stubFetch((url, body) => {
    if (url === '/api/auth/me') return json(200, { user: sampleUser });
    if (url === '/api/notifications') return json(200, { notifications, nextCursor: 'c1', unread });
    if (url === '/api/notifications?cursor=c1')
      return json(200, { notifications: older, nextCursor: null, unread });
    if (url === '/api/notifications/read')
      return json(200, { unread: 'all' in (body as object) ? 0 : unread - 1 });
    return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
  });
}

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/notifications" element={<NotificationsPage />} />
      <Route path="/questions/:id" element={<p>The question page</p>} />
    </Routes>,
    { path: '/notifications', user: sampleUser },
  );
}

describe('/notifications', () => {
  beforeEach(() => vi.stubGlobal('WebSocket', FakeWebSocket));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the notifications as the server orders them, the unread ones said to be so, and the count', async () => {
    serve();
    renderPage();
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/questions/${QUESTION}`,
      `/chat?c=${CHAT}`,
      `/questions/${QUESTION}`,
    ]);
    expect(links[0]).toHaveAccessibleName(
      /^Unread: Minh replied to your question “Tax file number” 5 minutes ago$/,
    );
    expect(links[2]).toHaveAccessibleName(/^Chloe replied/);
    expect(screen.getByRole('status')).toHaveTextContent('2 unread');
  });

  it('opens a notification with one tap and marks it read on the way', async () => {
    const fetch = serve();
    renderPage();
    await userEvent.click(await screen.findByRole('link', { name: /^Unread: Minh replied/ }));
    expect(await screen.findByText('The question page')).toBeInTheDocument();
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/notifications/read',
        expect.objectContaining({ method: 'POST', body: JSON.stringify({ ids: ['n1'] }) }),
      ),
    );
  });

  it('marks all as read at once, and keeps the button where the focus is', async () => {
    const fetch = serve();
    renderPage();
    const button = await screen.findByRole('button', { name: 'Mark All as Read' });
    await userEvent.click(button);
    expect(screen.getByRole('status')).toHaveTextContent('You have read everything.');
    expect(screen.queryByRole('link', { name: /^Unread/ })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(fetch).toHaveBeenCalledWith(
      '/api/notifications/read',
      expect.objectContaining({ body: JSON.stringify({ all: true }) }),
    );
  });

  it('shows older notifications a page at a time', async () => {
    serve();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Show Older' }));
    expect(await screen.findByRole('link', { name: /^An older reply/ })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Show Older' })).not.toBeInTheDocument();
  });

  it('says what will come here when there is nothing yet', async () => {
    serve({ notifications: [], unread: 0 });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Nothing here yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark All as Read' })).not.toBeInTheDocument();
  });
});
