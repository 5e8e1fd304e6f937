import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/schemas/auth';
import type { QuestionList } from '../../../shared/schemas/questions';
import { FakeWebSocket } from '../../test/fake-socket';
import { json, renderWithApp, sampleUser, stubFetch } from '../../test/helpers';
import { FeedPage } from './feed-page';

const FOLLOW_HOUSING = '/api/categories/housing/follow';

/** The server: the person follows `followed`; `change` answers following housing (PUT) or stopping (DELETE). */
function serve(user: User | null, followed: string[], change: (method: string) => Response) {
  const fetch = stubFetch((url) => {
    if (url === '/api/auth/me') return user ? json(200, { user }) : json(401, {});
    if (url === FOLLOW_HOUSING) return change(String(fetch.mock.lastCall?.[1]?.method));
    if (url === '/api/categories/following') return json(200, { categories: followed });
    if (url.startsWith('/api/categories')) return json(200, { categories: [], total: 0 });
    if (url.startsWith('/api/questions?'))
      return json(200, { questions: [], urgent: [], nextCursor: null } satisfies QuestionList);
    return json(404, {});
  });
  return fetch;
}

const methodsTo = (fetch: ReturnType<typeof serve>, path: string) =>
  fetch.mock.calls.filter(([url]) => String(url) === path).map(([, init]) => init?.method);

async function followButton(name: string) {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('feed: following a topic', () => {
  it('follows the topic shown and stops, the button pressed while following', async () => {
    const fetch = serve(sampleUser, [], (method) => json(200, { following: method === 'PUT' }));
    renderWithApp(<FeedPage sort="trending" />, { path: '/?category=housing', user: sampleUser });

    const follow = await followButton('Follow This Topic');
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(follow);
    const following = await screen.findByRole('button', { name: 'Following' });
    expect(following).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(following);
    expect(await screen.findByRole('button', { name: 'Follow This Topic' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(methodsTo(fetch, FOLLOW_HOUSING)).toEqual(['PUT', 'DELETE']);
  });

  it('shows a followed topic as followed, and goes back with a toast when the server refuses', async () => {
    serve(sampleUser, ['housing'], () => json(500, { error: 'Something went wrong.', code: 'INTERNAL' }));
    renderWithApp(<FeedPage sort="trending" />, { path: '/?category=housing', user: sampleUser });

    await userEvent.click(await followButton('Following'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Could not change the topics you follow');
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('is offered to members only, and only with a topic chosen', async () => {
    serve(null, [], () => json(401, {}));
    const visitor = renderWithApp(<FeedPage sort="trending" />, { path: '/?category=housing' });
    await screen.findByRole('region', { name: 'Questions' });
    expect(screen.queryByRole('button', { name: 'Follow This Topic' })).not.toBeInTheDocument();
    visitor.unmount();

    serve(sampleUser, [], () => json(200, { following: true }));
    renderWithApp(<FeedPage sort="trending" />, { path: '/', user: sampleUser });
    await screen.findByRole('region', { name: 'Questions' });
    expect(screen.queryByRole('button', { name: 'Follow This Topic' })).not.toBeInTheDocument();
  });
});
