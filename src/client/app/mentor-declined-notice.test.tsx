import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../shared/constants';
import type { User } from '../../shared/schemas/auth';
import { setLanguage } from '../lib/i18n';
import { json, renderWithApp, sampleUser } from '../test/helpers';
import { Layout } from './layout';

const declined: User = {
  ...sampleUser,
  mentorDeclinedReason: 'Please tell us more about your experience first.',
};

/** The server: the user keeps the reason until the notice is dismissed. */
function serve({ failDismiss = false, user: start = declined } = {}) {
  let user = start;
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push(call);
    if (call === 'GET /api/auth/me') return json(200, { user });
    if (call === 'DELETE /api/auth/me/notice') {
      if (failDismiss) return json(500, { error: 'Something went wrong on our side.', code: 'INTERNAL' });
      user = { ...user, mentorDeclinedReason: null };
      return new Response(null, { status: 204 });
    }
    return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setLanguage('en');
});

describe('the declined mentor notice', () => {
  it('tells the person why, and goes once they have read it', async () => {
    const calls = serve();
    renderWithApp(<Layout>page</Layout>, { user: declined });
    const notice = (await screen.findByText(/did not verify it/)).closest('[role="status"]') as HTMLElement;
    expect(notice).toHaveTextContent('An admin reviewed your mentor application and did not verify it.');
    expect(notice).toHaveTextContent('Your account is now a student account');
    expect(notice).toHaveTextContent('Please tell us more about your experience first.');

    await userEvent.click(within(notice).getByRole('button', { name: 'Got It' }));
    await waitFor(() => expect(screen.queryByText(/did not verify it/)).not.toBeInTheDocument());
    expect(calls).toContain('DELETE /api/auth/me/notice');
    expect(calls.filter((call) => call === 'GET /api/auth/me')).toHaveLength(2);
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!) as User;
    expect(stored.mentorDeclinedReason).toBeNull();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('stays, with a message, when it cannot be dismissed', async () => {
    serve({ failDismiss: true });
    renderWithApp(<Layout>page</Layout>, { user: declined });
    await userEvent.click(await screen.findByRole('button', { name: 'Got It' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'Could not save that / Something went wrong on our side.',
      ),
    );
    expect(screen.getByText(/did not verify it/)).toBeInTheDocument();
  });

  it('speaks Vietnamese', async () => {
    serve();
    setLanguage('vi');
    renderWithApp(<Layout>page</Layout>, { user: declined });
    expect(await screen.findByRole('button', { name: 'Tôi đã hiểu' })).toBeInTheDocument();
    expect(screen.getByText(/chưa xác minh/)).toBeInTheDocument();
  });

  it('is not there for anyone else', async () => {
    const calls = serve({ user: sampleUser });
    renderWithApp(<Layout>page</Layout>, { user: sampleUser });
    await waitFor(() => expect(calls).toContain('GET /api/auth/me'));
    await screen.findByText('page');
    expect(screen.queryByRole('button', { name: 'Got It' })).not.toBeInTheDocument();
  });
});
