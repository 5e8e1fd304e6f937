import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { json, renderWithApp, sampleUser, stubFetch } from '../../test/helpers';
import { LoginPage } from './login-page';

/** The config offers the demo accounts; `signIn` answers the sign-in and demo endpoints. */
function serve(signIn: (url: string, body: unknown) => Response | Promise<Response>) {
  return stubFetch((url, body) =>
    url === '/api/config' ? json(200, { demoMode: true, demoSignIn: true }) : signIn(url, body),
  );
}

function renderLogin() {
  return renderWithApp(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/profile" element={<p>profile page</p>} />
    </Routes>,
    { path: '/login?next=%2Fprofile' },
  );
}

async function fillIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signs in, welcomes the person by name and goes on to `next`', async () => {
    const fetch = serve(() => json(200, { token: 't', user: sampleUser }));
    renderLogin();
    await fillIn(' Lan@Example.com ', 'correct-horse-9');

    expect(await screen.findByText('profile page')).toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveTextContent('Welcome back! / Signed in as Lan.');
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/signin',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'lan@example.com', password: 'correct-horse-9' }),
      }),
    );
    expect(JSON.parse(localStorage.getItem('mentorme.user')!)).toMatchObject({ id: 'u1' });
  });

  it('reads on in the language the account keeps, the welcome too', async () => {
    serve(() => json(200, { token: 't', user: { ...sampleUser, locale: 'vi' } }));
    renderLogin();
    await fillIn('lan@example.com', 'correct-horse-9');

    expect(await screen.findByText('profile page')).toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveTextContent(
      'Chào mừng bạn trở lại! / Đã đăng nhập với tên Lan.',
    );
    expect(document.documentElement.lang).toBe('vi');
    await setLanguage('en');
  });

  it("toasts the server's reason when sign-in is refused, and lets the person try again", async () => {
    serve(() => json(401, { error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }));
    renderLogin();
    await fillIn('lan@example.com', 'wrong-password');

    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Login failed / Invalid email or password'),
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(localStorage.getItem('mentorme.user')).toBeNull();
  });

  it('checks the email with the shared schema before asking the server', async () => {
    const fetch = serve(() => json(200, { token: 't', user: sampleUser }));
    renderLogin();
    await fillIn('lan@example', 'correct-horse-9');

    expect(screen.getByTestId('toast')).toHaveTextContent(
      'Login failed / Please enter a valid email address.',
    );
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/signin', expect.anything());
  });

  it('offers a link to choose a new password, between the password and Sign In', async () => {
    serve(() => json(200, { token: 't', user: sampleUser }));
    renderLogin();
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    await userEvent.click(screen.getByLabelText('Email'));
    await userEvent.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await userEvent.tab();
    expect(link).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveFocus();
  });

  it('signs in with a demo account, busy on the button that was pressed', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Mentor' }));

    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Student' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/demo',
      expect.objectContaining({ body: JSON.stringify({ role: 'mentor' }) }),
    );
    answer(json(200, { token: 't', user: { ...sampleUser, displayName: 'Demo Mentor', role: 'mentor' } }));
    expect(await screen.findByText('profile page')).toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveTextContent('Welcome back! / Signed in as Demo Mentor.');
  });
});
