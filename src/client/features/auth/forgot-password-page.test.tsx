import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, stubFetch } from '../../test/helpers';
import { ForgotPasswordPage } from './forgot-password-page';

function renderForgot() {
  return renderWithApp(
    <Routes>
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/login" element={<p>sign-in page</p>} />
    </Routes>,
    { path: '/forgot-password' },
  );
}

async function ask(email: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send Link' }));
}

describe('forgot password page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the address and says what happens next in place of the form', async () => {
    const fetch = stubFetch(() => json(202, { ok: true }));
    renderForgot();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(document.title).toBe('Forgot your password? · Mentor Me');
    await ask(' Hoa@Example.com ');

    const sent = await screen.findByText(
      'If an account uses hoa@example.com, we have sent it a link to choose a new password. It works for 60 minutes. Check your spam folder too.',
    );
    expect(sent).toHaveFocus();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/password-reset',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'hoa@example.com' }) }),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Back to Sign In' }));
    expect(screen.getByText('sign-in page')).toBeInTheDocument();
  });

  it('checks the address with the shared schema, at the field, before asking the server', async () => {
    const fetch = stubFetch(() => json(202, { ok: true }));
    renderForgot();
    await ask('hoa@example');

    const field = screen.getByLabelText('Email');
    expect(field).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's message when there were too many requests, and keeps the form", async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderForgot();
    await ask('hoa@example.com');
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();

    answer(
      json(429, { error: 'Too many reset requests. Please try again in 42 min.', code: 'RATE_LIMITED' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many reset requests. Please try again in 42 min.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('hoa@example.com');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Link' })).toBeEnabled());
  });
});
