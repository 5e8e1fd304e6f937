import '../../lib/page-texts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/schemas/auth';
import { json, renderWithApp, sampleUser, stubFetch } from '../../test/helpers';
import { FollowedTopicsCard } from './followed-topics';

const mentor: User = { ...sampleUser, role: 'mentor', mentorVerified: true };

afterEach(() => vi.unstubAllGlobals());

describe('profile: topics I follow', () => {
  it('ticks what the person follows (a mentor’s own topics) and changes one at a time', async () => {
    const fetch = stubFetch((url) => {
      if (url === '/api/auth/me') return json(200, { user: mentor });
      if (url === '/api/categories/following') return json(200, { categories: ['housing', 'work-career'] });
      if (url.endsWith('/follow'))
        return json(200, { following: fetch.mock.lastCall?.[1]?.method === 'PUT' });
      return json(404, {});
    });
    renderWithApp(<FollowedTopicsCard user={mentor} />, { user: mentor });

    const group = await screen.findByRole('group', { name: 'Topics I follow' });
    expect(group).toBeInTheDocument();
    expect(screen.getByText(/you follow your own topics/)).toBeInTheDocument();
    const housing = screen.getByRole('checkbox', { name: 'Housing' });
    await waitFor(() => expect(housing).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Work & Career' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Immigration Help' })).not.toBeChecked();

    await userEvent.click(housing);
    expect(housing).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Immigration Help' }));
    expect(screen.getByRole('checkbox', { name: 'Immigration Help' })).toBeChecked();
    const changes = fetch.mock.calls
      .filter(([url]) => String(url).endsWith('/follow'))
      .map(([url, init]) => `${init?.method} ${String(url)}`);
    expect(changes).toEqual([
      'DELETE /api/categories/housing/follow',
      'PUT /api/categories/immigration-help/follow',
    ]);
  });
});
