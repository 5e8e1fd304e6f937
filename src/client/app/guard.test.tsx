import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/schemas/auth';
import { AuthProvider } from '../lib/auth';
import { RequireAuth } from './guard';

const student: User = {
  id: 'u1',
  email: 's@example.com',
  displayName: 'Lan',
  role: 'student',
  locale: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
  isDemo: false,
  mentorVerified: false,
  emailVerified: true,
  mentorDeclinedReason: null,
};

function LoginProbe() {
  const location = useLocation();
  return <p>login page {location.search}</p>;
}

function renderAt(path: string, role?: 'admin') {
  return render(
    <AuthProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginProbe />} />
          <Route
            path="/secret"
            element={
              <RequireAuth role={role}>
                <p>secret content</p>
              </RequireAuth>
            }
          />
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('route guard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor to sign in, carrying where they wanted to go', () => {
    renderAt('/secret?x=1');
    expect(screen.getByText('login page ?next=%2Fsecret%3Fx%3D1')).toBeInTheDocument();
  });

  it('draws the screen for the stored user at once, while the server checks it in the background', async () => {
    localStorage.setItem('mentorme.user', JSON.stringify(student));
    let answer: (value: Response) => void = () => undefined;
    const fetch = vi.fn().mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    renderAt('/secret');
    expect(screen.getByText('secret content')).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toContain('/api/auth/me');
    answer(json(200, { user: { ...student, displayName: 'Lan N' } }));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('mentorme.user')!)).toMatchObject({ displayName: 'Lan N' }),
    );
    expect(screen.getByText('secret content')).toBeInTheDocument();
  });

  it('draws the screen for the member the server drew the page for, and keeps them once the server agrees', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'frame-user';
    script.textContent = JSON.stringify(student);
    document.body.append(script);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, { user: student })));
    try {
      renderAt('/secret');
      expect(screen.getByText('secret content')).toBeInTheDocument();
      await waitFor(() =>
        expect(JSON.parse(localStorage.getItem('mentorme.user')!)).toMatchObject({ id: 'u1' }),
      );
    } finally {
      script.remove();
    }
  });

  it('sends a stored user the server no longer accepts to sign in, and forgets them', async () => {
    localStorage.setItem('mentorme.user', JSON.stringify(student));
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json(401, { error: 'Please sign in', code: 'UNAUTHORIZED' })),
    );
    renderAt('/secret?x=1');
    expect(await screen.findByText('login page ?next=%2Fsecret%3Fx%3D1')).toBeInTheDocument();
    expect(localStorage.getItem('mentorme.user')).toBeNull();
  });

  it('keeps the stored user when the network is down', async () => {
    localStorage.setItem('mentorme.user', JSON.stringify(student));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderAt('/secret');
    expect(await screen.findByText('secret content')).toBeInTheDocument();
  });

  it('hides a screen from users without the role', async () => {
    localStorage.setItem('mentorme.user', JSON.stringify(student));
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, { user: student })));
    renderAt('/secret', 'admin');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('follows sign-out in another tab through the storage event', async () => {
    localStorage.setItem('mentorme.user', JSON.stringify(student));
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, { user: student })));
    renderAt('/secret');
    expect(await screen.findByText('secret content')).toBeInTheDocument();
    localStorage.removeItem('mentorme.user');
    window.dispatchEvent(new StorageEvent('storage', { key: 'mentorme.user', newValue: null }));
    await waitFor(() => expect(screen.getByText(/login page/)).toBeInTheDocument());
  });
});
