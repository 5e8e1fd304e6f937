import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/schemas/auth';
import { callsTo, json, renderLinkPage, stubFetch } from '../../test/helpers';
import { CancelEmailChangePage } from './cancel-email-change-page';

const renderCancel = (path = '/cancel-email-change?token=tok-1', user: User | null = null) =>
  renderLinkPage(<CancelEmailChangePage />, { path, user });

describe('cancel email change page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('changes nothing until the button is pressed, then cancels once and offers a new password', async () => {
    const fetch = stubFetch((url) => {
      if (url === '/api/auth/email-change/cancel') return json(200, { ok: true, email: 'lan@example.com' });
      if (url === '/api/auth/password-reset') return json(202, { ok: true });
      return json(401, { error: 'Please sign in.', code: 'UNAUTHORIZED' });
    });
    renderCancel();
    expect(screen.getByRole('heading', { level: 1, name: 'Cancel the email change' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/cancel-email-change$/));
    expect(callsTo(fetch, '/api/auth/email-change/cancel')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel the Change' }));
    expect(
      await screen.findByText(
        'The change is cancelled. Your account’s email is lan@example.com, and every other device is signed out.',
      ),
    ).toBeInTheDocument();
    const posts = callsTo(fetch, '/api/auth/email-change/cancel');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({ token: 'tok-1' });

    await userEvent.click(screen.getByRole('button', { name: 'Email Me a Link to Choose a New Password' }));
    expect(
      await screen.findByText(/If an account uses lan@example.com, we have sent it a link/),
    ).toBeInTheDocument();
    const resets = callsTo(fetch, '/api/auth/password-reset');
    expect(JSON.parse(String(resets[0]![1]!.body))).toEqual({ email: 'lan@example.com' });
  });

  it('says when the link no longer works, and offers a new password', async () => {
    stubFetch(() => json(400, { error: 'Used.', code: 'CANCEL_TOKEN_INVALID' }));
    renderCancel();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the Change' }));
    expect(
      await screen.findByText(/This link has been used, has expired or is not valid/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says a link without a token is not valid', () => {
    stubFetch(() => json(200, {}));
    renderCancel('/cancel-email-change');
    expect(screen.getByText(/This link has been used, has expired or is not valid/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel the Change' })).toBeNull();
  });

  it('keeps the button for another try when the connection failed', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderCancel();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the Change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The change could not be cancelled.');
    expect(screen.getByRole('button', { name: 'Cancel the Change' })).toBeEnabled();
  });
});
