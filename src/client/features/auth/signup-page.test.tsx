import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, sampleUser, stubFetch } from '../../test/helpers';
import { SignupPage } from './signup-page';

function renderSignup() {
  return renderWithApp(
    <Routes>
      <Route path="/signup" element={<SignupPage />} />
      <Route path="/check-email" element={<p>check your email</p>} />
      <Route path="/" element={<p>home page</p>} />
    </Routes>,
    { path: '/signup' },
  );
}

async function fillIn(role: 'student' | 'mentor') {
  await userEvent.type(screen.getByLabelText('Display Name'), 'Hoa');
  await userEvent.type(screen.getByLabelText('Email'), 'hoa@example.com');
  await userEvent.selectOptions(screen.getByLabelText('Role'), role);
  await userEvent.type(screen.getByLabelText('Password'), 'a-long-passphrase');
  await userEvent.type(screen.getByLabelText('Confirm Password'), 'a-long-passphrase');
}

describe('sign-up page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a mentor what they can help with, and sends it for the admins to read', async () => {
    const newUser = { ...sampleUser, role: 'mentor', emailVerified: false };
    const fetch = stubFetch(() => json(201, { token: 't', user: newUser }));
    renderSignup();
    expect(screen.queryByRole('group', { name: 'About you as a mentor' })).not.toBeInTheDocument();
    await fillIn('mentor');
    expect(screen.getByRole('group', { name: 'About you as a mentor' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('What you can help with')).toHaveAccessibleDescription(
        'Please say what you can help with as a mentor.',
      ),
    );
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/signup', expect.anything());

    await userEvent.type(screen.getByLabelText('What you can help with'), 'Housing in Perth');
    await userEvent.type(screen.getByLabelText('About you (optional)'), 'Came here to study nursing.');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    // What comes next: the step that asks to confirm the address.
    expect(await screen.findByText('check your email')).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/auth/signup')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      role: 'mentor',
      headline: 'Housing in Perth',
      story: 'Came here to study nursing.',
    });
  });

  it('asks a student for none of it', async () => {
    const fetch = stubFetch(() => json(201, { token: 't', user: sampleUser }));
    renderSignup();
    await fillIn('student');
    expect(screen.queryByLabelText('What you can help with')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/auth/signup', expect.anything()));
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/auth/signup')!;
    expect(JSON.parse(String(init!.body))).not.toHaveProperty('headline');
  });

  it('goes straight on where the site sends no email: there is no link to wait for', async () => {
    stubFetch((url) =>
      url === '/api/config'
        ? json(200, { demoMode: false, demoSignIn: false, emailEnabled: false })
        : json(201, { token: 't', user: { ...sampleUser, emailVerified: false } }),
    );
    renderSignup();
    await fillIn('student');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});
