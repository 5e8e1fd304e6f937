import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { MemoryRouter, parsePath, useLocation } from 'react-router';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '../../shared/constants';
import type { User } from '../../shared/schemas/auth';
import type { Question } from '../../shared/schemas/questions';
import { AuthProvider } from '../lib/auth';
import { createQueryClient } from '../lib/query';
import { useCurrentToast } from '../lib/toast';

/** A signed-up student, the member most screens are tested as. */
export const sampleUser: User = {
  id: 'u1',
  email: 'lan@example.com',
  displayName: 'Lan',
  role: 'student',
  locale: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
  isDemo: false,
  mentorVerified: false,
  emailVerified: true,
  mentorDeclinedReason: null,
};

/** A plain feed question by someone else; tests spread it and change what they look at. */
export const sampleQuestion: Question = {
  id: 'q1',
  title: 'Where do I get a tax file number?',
  content: 'I start a casual job next week.',
  language: 'en',
  category: null,
  categorySlug: null,
  tags: [],
  isUrgent: false,
  isAnonymous: false,
  upvotes: 2,
  replyCount: 0,
  helpfulCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  author: null,
  replies: [],
  hasVoiceNote: false,
  liked: false,
  bookmarked: false,
  followed: false,
  isOwn: false,
};

/** A JSON answer as the API sends it, so the client's fetch wrapper reads it as in production. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Replaces `fetch` with a mock that hands `answer` each call's URL and parsed JSON body; returns the mock. */
export function stubFetch(answer: (url: string, body: unknown) => Response | Promise<Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    answer(String(input), init?.body ? JSON.parse(String(init.body)) : undefined),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The calls a `stubFetch` mock received for `path`. */
export function callsTo(fetch: ReturnType<typeof stubFetch>, path: string) {
  return fetch.mock.calls.filter(([url]) => url === path);
}

/** Shows the current toast as `title / description`, so a test reads it without mounting the app's toaster. */
function ToastProbe() {
  const current = useCurrentToast();
  return current ? (
    <p data-testid="toast">
      {current.title}
      {current.description ? ` / ${current.description}` : ''}
    </p>
  ) : null;
}

/** The router's address as the screen left it (path and query), for tests of what a screen does to it. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

/**
 * Renders `ui` inside the app's providers at `path` (with the history `state` a link passed, if any), with a
 * ToastProbe; a given `user` starts signed in.
 */
export function renderWithApp(
  ui: ReactNode,
  { path = '/', user, state }: { path?: string; user?: User | null; state?: unknown } = {},
) {
  if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  const entry = state === undefined ? path : { ...parsePath(path), state };
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[entry]}>
          {ui}
          <ToastProbe />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

/**
 * Renders the page an emailed link opens, in StrictMode (effects run twice, as in development) at `path`, with a
 * LocationProbe, so a test sees that opening the link alone asks the server nothing.
 */
export function renderLinkPage(page: ReactNode, { path, user = null }: { path: string; user?: User | null }) {
  return renderWithApp(
    <StrictMode>
      {page}
      <LocationProbe />
    </StrictMode>,
    { path, user },
  );
}
