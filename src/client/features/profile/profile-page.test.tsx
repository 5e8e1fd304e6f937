import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/schemas/auth';
import { json, renderWithApp, sampleUser, stubFetch } from '../../test/helpers';
import { ProfilePage } from './profile-page';

const demo: User = { ...sampleUser, id: 'demo', displayName: 'Demo Student', isDemo: true };

const exported = {
  exportedAt: '2026-11-23T10:00:00.000Z',
  account: { id: 'u1', email: 'lan@example.com' },
  questions: [{ id: 'q1', title: 'Where do I get a tax file number?' }],
};

function serve(user: User, exportAnswer: () => Response) {
  return stubFetch((url) => {
    if (url === '/api/auth/me') return json(200, { user });
    if (url === '/api/me/export') return exportAnswer();
    if (url.startsWith('/api/me/')) return json(200, { questions: [] });
    return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
  });
}

/** jsdom's Blob has no text(). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

function renderProfile(user: User) {
  return renderWithApp(<ProfilePage />, { path: '/profile', user });
}

describe('profile: password and account deletion', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers a member Change password and Delete my account', async () => {
    serve(sampleUser, () => json(200, exported));
    renderProfile(sampleUser);
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
    expect(screen.queryByText(/This is a demo account/)).not.toBeInTheDocument();
  });

  it('offers a demo account neither, and says why', async () => {
    serve(demo, () => json(200, exported));
    renderProfile(demo);
    expect(
      await screen.findByText(
        'This is a demo account. Nobody knows its password, so changing the password and deleting the account are not offered.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
  });
});

describe('profile: Download my data', () => {
  let saved: { name: string; href: string }[];
  let blobs: Blob[];

  beforeEach(() => {
    saved = [];
    blobs = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          blobs.push(blob);
          return `blob:mentor-me/${blobs.length}`;
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saves the export as a dated JSON file and says so', async () => {
    const fetch = serve(sampleUser, () => json(200, exported));
    renderProfile(sampleUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));

    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Your data has been downloaded'),
    );
    expect(fetch).toHaveBeenCalledWith('/api/me/export', expect.objectContaining({ method: 'GET' }));
    expect(saved).toEqual([{ name: 'mentor-me-data-2026-11-23.json', href: 'blob:mentor-me/1' }]);
    expect(blobs[0]!.type).toBe('application/json');
    expect(JSON.parse(await readText(blobs[0]!))).toEqual(exported);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it("shows a toast with the server's reason when the download is refused", async () => {
    serve(sampleUser, () =>
      json(429, {
        error: 'You have downloaded your data several times in the last hour. Please try again in 42 min.',
        code: 'RATE_LIMITED',
      }),
    );
    renderProfile(sampleUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));

    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'Could not download your data / You have downloaded your data several times in the last hour. Please try again in 42 min.',
      ),
    );
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });
});

describe('profile: mentor verification', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells a mentor who is not verified yet that students cannot choose them', async () => {
    const mentor: User = { ...sampleUser, role: 'mentor', mentorVerified: false };
    serve(mentor, () => json(200, exported));
    renderProfile(mentor);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your mentor profile is waiting for review. Students can choose you once an admin has verified it.',
    );
  });

  it('says nothing of it to a verified mentor or a student', async () => {
    const mentor: User = { ...sampleUser, role: 'mentor', mentorVerified: true };
    serve(mentor, () => json(200, exported));
    renderProfile(mentor);
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByText(/waiting for review/)).not.toBeInTheDocument();
  });
});
