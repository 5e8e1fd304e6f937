import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeFrame } from '../../../shared/schemas/realtime';
import { FakeWebSocket } from '../../test/fake-socket';
import { json, renderWithApp, sampleUser, stubFetch } from '../../test/helpers';
import Bell from './bell';

function serve(unread: number) {
  return stubFetch((url) => {
    if (url === '/api/auth/me') return json(200, { user: sampleUser });
    if (url === '/api/notifications') return json(200, { notifications: [], nextCursor: null, unread });
    return json(200, { conversations: [] });
  });
}

/** The member's socket (chat may have one of its own until it moves to the realtime socket). */
function socket(): FakeWebSocket {
  return FakeWebSocket.instances.findLast((instance) => !instance.closedByClient)!;
}

async function receive(frame: RealtimeFrame) {
  await act(async () => {
    socket().receive(frame);
    // The query cache tells its screens on the next task.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('the bell', () => {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names its link with the unread count, and follows the count the socket sends', async () => {
    serve(3);
    renderWithApp(<Bell />, { user: sampleUser });
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    act(() => socket().open());
    await receive({ type: 'notifications', unread: 4 });
    expect(screen.getByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    await receive({ type: 'notifications', unread: 0 });
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByText('4')).not.toBeInTheDocument();
  });

  it('reads out a count that went up once things settle, not every frame, and not the first count', async () => {
    serve(1);
    renderWithApp(<Bell />, { user: sampleUser });
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    act(() => socket().open());
    await receive({ type: 'notifications', unread: 2 });
    await receive({ type: 'notifications', unread: 3 });
    expect(status).toHaveTextContent('');
    await waitFor(() => expect(status).toHaveTextContent('You have 3 unread notifications'));
  });
});
