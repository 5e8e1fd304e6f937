import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SAVED_AT_HEADER } from '../../shared/offline';
import { setLanguage } from '../lib/i18n';
import { noteAnswer } from '../lib/offline';
import { OfflineStatus } from './offline-status';

const answer = (savedAt?: string) =>
  new Response('{}', { headers: savedAt ? { [SAVED_AT_HEADER]: savedAt } : {} });

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('the offline banner', () => {
  afterEach(() => {
    setOnline(true);
    act(() => noteAnswer(answer()));
    setLanguage('en');
  });

  it('is an empty live region while connected and answers come from the server', () => {
    render(<OfflineStatus />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says what still opens and what needs a connection when the browser goes offline, and goes when it is back', async () => {
    render(<OfflineStatus />);
    setOnline(false);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'You are offline. Crisis numbers, FAQ, About and the pages you have read still open; asking, answering, chat and Chloe need a connection.',
      ),
    );
    setOnline(true);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('names the oldest kept copy on the page until an answer comes from the server again', async () => {
    render(<OfflineStatus />);
    // Midday in UTC: the same date from California to Sydney.
    act(() => noteAnswer(answer('2026-11-20T12:30:00.000Z')));
    act(() => noteAnswer(answer('2026-11-23T12:30:00.000Z')));
    const status = screen.getByRole('status');
    // Online, yet the answers were kept copies: the server could not be reached.
    await waitFor(() => expect(status).toHaveTextContent('Mentor Me cannot be reached.'));
    expect(status).toHaveTextContent(/Showing a copy saved on Nov 20, \d+:30 [AP]M\./);
    act(() => noteAnswer(answer()));
    expect(status).toBeEmptyDOMElement();
  });

  it('speaks Vietnamese', async () => {
    setLanguage('vi');
    render(<OfflineStatus />);
    setOnline(false);
    act(() => noteAnswer(answer('2026-11-20T12:30:00.000Z')));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        /^Bạn đang ngoại tuyến\. .*cần có mạng\. Đang hiển thị bản lưu lúc/,
      ),
    );
  });
});
