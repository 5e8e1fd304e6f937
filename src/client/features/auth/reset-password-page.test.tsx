import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/schemas/auth';
import { callsTo, json, LocationProbe, renderWithApp, sampleUser, stubFetch } from '../../test/helpers';
import { ResetPasswordPage } from './reset-password-page';

function renderReset(path = '/reset-password?token=abc123', user: User | null = sampleUser) {
  return renderWithApp(
    <>
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/forgot-password" element={<p>forgot page</p>} />
        <Route path="/login" element={<p>sign-in page</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { path, user },
  );
}

async function choose(password: string, again = password) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), again);
  await userEvent.click(screen.getByRole('button', { name: 'Save New Password' }));
}

/** The page's own call (the auth provider checks the stored user with /api/auth/me). */
const resetCalls = (fetch: ReturnType<typeof stubFetch>) =>
  callsTo(fetch, '/api/auth/password-reset/confirm');

describe('reset password page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the token out of the address at once and sends it with the new password', async () => {
    const fetch = stubFetch((url) =>
      url === '/api/auth/me' ? json(200, { user: sampleUser }) : json(200, { ok: true }),
    );
    renderReset();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/reset-password$/));
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();

    await choose('a-long-passphrase');
    const done = await screen.findByText('Your password is changed. Every device was signed out.');
    expect(done).toHaveFocus();
    const [[, init]] = resetCalls(fetch) as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ token: 'abc123', password: 'a-long-passphrase' });
    // Signed out here as everywhere: the stored user is gone.
    expect(localStorage.getItem('mentorme.user')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Sign In' }));
    expect(screen.getByText('sign-in page')).toBeInTheDocument();
  });

  it('checks the password rules and the repeat at the fields before asking the server', async () => {
    const fetch = stubFetch(() => json(200, { ok: true }));
    renderReset('/reset-password?token=abc123', null);
    await choose('short');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'At least 8 characters. Password must be at least 8 characters.',
    );
    expect(screen.getByLabelText('New password')).toHaveFocus();

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await choose('a-long-passphrase', 'a-long-passphrasf');
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'Please make sure your passwords match.',
    );
    expect(screen.getByLabelText('Confirm new password')).toHaveFocus();
    expect(resetCalls(fetch)).toEqual([]);
  });

  it("puts the server's refusal of a common password at the field", async () => {
    stubFetch(() =>
      json(400, {
        error: 'This password is too common and easy to guess. Please choose another one.',
        code: 'COMMON_PASSWORD',
      }),
    );
    renderReset('/reset-password?token=abc123', null);
    await choose('password1234');
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        'At least 8 characters. This password is too common and easy to guess. Please choose another one.',
      ),
    );
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a used or expired link is no good, and offers a new one', async () => {
    stubFetch(() =>
      json(400, {
        error: 'This reset link has been used, has expired or is not valid. Ask for a new one.',
        code: 'RESET_TOKEN_INVALID',
      }),
    );
    renderReset('/reset-password?token=old', null);
    await choose('a-long-passphrase');

    const message = await screen.findByText('This link has been used, has expired or is not valid.');
    expect(message).toHaveFocus();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Get a New Link' }));
    expect(screen.getByText('forgot page')).toBeInTheDocument();
  });

  it('says so at once when the address has no token', async () => {
    const fetch = stubFetch(() => json(200, { ok: true }));
    renderReset('/reset-password', null);
    expect(screen.getByText('This link has been used, has expired or is not valid.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a New Link' })).toHaveAttribute('href', '/forgot-password');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows another refusal's message at the form", async () => {
    stubFetch(() =>
      json(500, { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }),
    );
    renderReset('/reset-password?token=abc123', null);
    await choose('a-long-passphrase');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Save New Password' })).toBeEnabled();
  });
});
