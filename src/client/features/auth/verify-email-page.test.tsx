import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/schemas/auth';
import { callsTo, json, renderLinkPage, sampleUser, stubFetch } from '../../test/helpers';
import { VerifyEmailPage } from './verify-email-page';

const unconfirmed: User = { ...sampleUser, emailVerified: false };

const renderVerify = (user: User | null, path = '/verify-email?token=tok-1') =>
  renderLinkPage(<VerifyEmailPage />, { path, user });

const invalid = () =>
  json(400, {
    error: 'This confirmation link has been used, has expired or is not valid.',
    code: 'VERIFY_TOKEN_INVALID',
  });

describe('verify email page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token once, takes it out of the address, and refreshes the signed-in user', async () => {
    let confirmed = false;
    const fetch = stubFetch((url) => {
      if (url === '/api/auth/me') return json(200, { user: { ...sampleUser, emailVerified: confirmed } });
      confirmed = true;
      return json(200, { ok: true, email: 'lan@example.com' });
    });
    renderVerify(unconfirmed);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeInTheDocument();
    expect(screen.getByText('Checking your link…')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/verify-email$/));

    expect(await screen.findByText('Your email lan@example.com is confirmed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the questions' })).toHaveAttribute('href', '/');
    const posts = callsTo(fetch, '/api/auth/verify-email');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({ token: 'tok-1' });
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('mentorme.user')!)).toMatchObject({ emailVerified: true }),
    );
  });

  it('confirms for a visitor who is not signed in', async () => {
    const fetch = stubFetch(() => json(200, { ok: true, email: 'hoa@example.com' }));
    renderVerify(null);
    expect(await screen.findByText('Your email hoa@example.com is confirmed.')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/auth/me')).toEqual([]);
  });

  it('offers a signed-in person a new link when this one is no good', async () => {
    const fetch = stubFetch((url) => {
      if (url === '/api/auth/me') return json(200, { user: unconfirmed });
      if (url === '/api/auth/verify-email/resend') return json(202, { ok: true });
      return invalid();
    });
    renderVerify(unconfirmed);
    expect(
      await screen.findByText('This link has been used, has expired or is not valid.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send a New Link' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('We sent a new link to lan@example.com.'),
    );
    expect(callsTo(fetch, '/api/auth/verify-email/resend')).toHaveLength(1);
  });

  it('asks a visitor to sign in for a new link', async () => {
    stubFetch(invalid);
    renderVerify(null);
    expect(await screen.findByText('Sign in to ask for a new link.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?next=%2Fprofile');
    expect(screen.queryByRole('button', { name: 'Send a New Link' })).not.toBeInTheDocument();
  });

  it('says a link without a token is no good without asking the server', async () => {
    const fetch = stubFetch(invalid);
    renderVerify(null, '/verify-email');
    expect(screen.getByText('This link has been used, has expired or is not valid.')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/auth/verify-email')).toEqual([]);
  });

  it("shows the server's reason when the new address was taken meanwhile", async () => {
    stubFetch(() => json(409, { error: 'An account with this email already exists.', code: 'EMAIL_TAKEN' }));
    renderVerify(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
    expect(screen.getByText('Your email could not be confirmed.')).toBeInTheDocument();
  });
});
