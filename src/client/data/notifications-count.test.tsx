import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../test/fake-socket';
import { json, renderWithApp, sampleUser, stubFetch } from '../test/helpers';
import { useMarkRead, useUnreadNotifications } from './notifications';

function Bell() {
  const count = useUnreadNotifications();
  const markRead = useMarkRead();
  return (
    <>
      <p>Unread: {count ?? '?'}</p>
      <button type="button" onClick={() => markRead.mutate({ all: true })}>
        Read all
      </button>
    </>
  );
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('the unread count', () => {
  it('keeps what the socket said while a read was on its way: the read’s answer is older', async () => {
    let answerRead: (response: Response) => void = () => undefined;
    stubFetch((url) => {
      if (url === '/api/auth/me') return json(200, { user: sampleUser });
      if (url === '/api/notifications/read')
        return new Promise<Response>((resolve) => (answerRead = resolve));
      return json(200, { notifications: [], nextCursor: null, unread: 2 });
    });
    renderWithApp(<Bell />, { user: sampleUser });
    expect(await screen.findByText('Unread: 2')).toBeInTheDocument();
    act(() => FakeWebSocket.latest().open());

    await userEvent.click(screen.getByRole('button', { name: 'Read all' }));
    expect(screen.getByText('Unread: 0')).toBeInTheDocument();
    // A new notification, written after the server counted the read: its frame comes before the read's answer.
    act(() => FakeWebSocket.latest().receive({ type: 'notifications', unread: 1 }));
    expect(await screen.findByText('Unread: 1')).toBeInTheDocument();
    await act(async () => answerRead(json(200, { unread: 0 })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Unread: 1')).toBeInTheDocument();
  });

  it('reads the count again when the socket opens: what came while the page loaded came in no frame', async () => {
    let unread = 2;
    stubFetch((url) => {
      if (url === '/api/auth/me') return json(200, { user: sampleUser });
      return json(200, { notifications: [], nextCursor: null, unread });
    });
    renderWithApp(<Bell />, { user: sampleUser });
    expect(await screen.findByText('Unread: 2')).toBeInTheDocument();
    unread = 3;
    act(() => FakeWebSocket.latest().open());
    expect(await screen.findByText('Unread: 3')).toBeInTheDocument();
  });

  it('keeps what the socket said while the count was read again: the answer is older', async () => {
    let answerList: ((response: Response) => void) | null = null;
    stubFetch((url) => {
      if (url === '/api/auth/me') return json(200, { user: sampleUser });
      if (answerList === null) {
        answerList = () => undefined;
        return json(200, { notifications: [], nextCursor: null, unread: 2 });
      }
      return new Promise<Response>((resolve) => (answerList = resolve));
    });
    renderWithApp(<Bell />, { user: sampleUser });
    expect(await screen.findByText('Unread: 2')).toBeInTheDocument();
    act(() => FakeWebSocket.latest().open());
    act(() => FakeWebSocket.latest().receive({ type: 'notifications', unread: 5 }));
    expect(await screen.findByText('Unread: 5')).toBeInTheDocument();
    await act(async () => answerList?.(json(200, { notifications: [], nextCursor: null, unread: 4 })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Unread: 5')).toBeInTheDocument();
  });

  it('takes the read’s answer when nothing came meanwhile', async () => {
    stubFetch((url) => {
      if (url === '/api/auth/me') return json(200, { user: sampleUser });
      if (url === '/api/notifications/read') return json(200, { unread: 3 });
      return json(200, { notifications: [], nextCursor: null, unread: 2 });
    });
    renderWithApp(<Bell />, { user: sampleUser });
    expect(await screen.findByText('Unread: 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Read all' }));
    await waitFor(() => expect(screen.getByText('Unread: 3')).toBeInTheDocument());
  });
});
