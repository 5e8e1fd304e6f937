import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MentorProfile } from '../../../shared/schemas/mentors';
import type { User } from '../../../shared/schemas/auth';
import { NOTIFICATION_TYPES } from '../../../shared/schemas/notifications';
import { json, renderWithApp, sampleUser, stubFetch } from '../../test/helpers';
import { ProfilePage } from './profile-page';

const demo: User = { ...sampleUser, id: 'demo', displayName: 'Demo Student', isDemo: true };

const exported = {
  exportedAt: '2026-11-23T10:00:00.000Z',
  account: { id: 'u1', email: 'lan@example.com' },
  questions: [{ id: 'q1', title: 'Where do I get a tax file number?' }],
};

/**
 * The notification settings' calls (the section is part of the page), answered with everything on, and the topics
 * the person follows (none).
 */
function notificationAnswer(url: string): Response | undefined {
  if (url === '/api/categories/following') return json(200, { categories: [] });
  if (url === '/api/notifications/preferences')
    return json(200, {
      types: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, { email: true, push: true }])),
      emailDigest: false,
      pushShowsTitles: false,
    });
}

const mentorProfile: MentorProfile = {
  headline: 'Renting in Melbourne',
  story: null,
  topics: ['housing'],
  languages: ['vi', 'en'],
  countryPath: null,
  state: 'VIC',
  city: 'Footscray',
  awayUntil: null,
  capacity: 5,
  showsLastActive: true,
  complete: true,
};

function serve(user: User, exportAnswer: () => Response) {
  return stubFetch((url) => {
    const notifications = notificationAnswer(url);
    if (notifications) return notifications;
    if (url === '/api/auth/me') return json(200, { user });
    if (url === '/api/me/export') return exportAnswer();
    if (url === '/api/me/mentor-profile') return json(200, mentorProfile);
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
    expect(screen.getByRole('button', { name: 'Delete My Account' })).toBeInTheDocument();
    expect(screen.queryByText(/This is a demo account/)).not.toBeInTheDocument();
  });

  it('lets a student say which state they live in', async () => {
    const fetch = stubFetch((url, body) => {
      const notifications = notificationAnswer(url);
      if (notifications) return notifications;
      if (url === '/api/auth/me')
        return json(200, { user: body ? { ...sampleUser, state: 'VIC' } : sampleUser });
      return json(200, { questions: [] });
    });
    renderProfile(sampleUser);
    const state = await screen.findByLabelText('State or territory (optional)');
    expect(state).toHaveAccessibleDescription(/Chloe then gives your state’s services and rules first/);
    await userEvent.selectOptions(state, 'Victoria');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ method: 'PATCH' })),
    );
    const patch = fetch.mock.calls.find(([url, init]) => url === '/api/auth/me' && init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toMatchObject({ state: 'VIC' });
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
    expect(screen.queryByRole('button', { name: 'Delete My Account' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download My Data' })).toBeInTheDocument();
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
    await userEvent.click(await screen.findByRole('button', { name: 'Download My Data' }));

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
    await userEvent.click(await screen.findByRole('button', { name: 'Download My Data' }));

    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'Could not download your data / You have downloaded your data several times in the last hour. Please try again in 42 min.',
      ),
    );
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download My Data' })).toBeEnabled();
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

describe('profile: a mentor’s profile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the mentor their profile as students see it, and saves every field', async () => {
    const mentor: User = { ...sampleUser, role: 'mentor', mentorVerified: true };
    const sent: unknown[] = [];
    stubFetch((url, body) => {
      const notifications = notificationAnswer(url);
      if (notifications) return notifications;
      if (url === '/api/auth/me') return json(200, { user: mentor });
      if (url === '/api/me/mentor-profile' && body) {
        sent.push(body);
        return json(200, { ...mentorProfile, ...(body as object) });
      }
      if (url === '/api/me/mentor-profile') return json(200, mentorProfile);
      return json(200, { questions: [] });
    });
    renderProfile(mentor);
    const section = await screen.findByRole('region', { name: 'Your mentor profile' });
    expect(await within(section).findByLabelText('Headline')).toHaveValue('Renting in Melbourne');
    expect(within(section).getByRole('checkbox', { name: 'Housing' })).toBeChecked();
    expect(within(section).getByRole('checkbox', { name: 'Vietnamese' })).toBeChecked();
    expect(within(section).getByLabelText('State or territory')).toHaveValue('VIC');

    await userEvent.click(within(section).getByRole('checkbox', { name: 'Work & Career' }));
    await userEvent.click(within(section).getByRole('radio', { name: 'Away until a date' }));
    fireEvent.change(within(section).getByLabelText('Last day away'), { target: { value: '2099-01-01' } });
    await userEvent.click(within(section).getByRole('button', { name: 'Save Profile' }));
    // A date more than a year ahead is refused before it is sent.
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Please choose a date within a year from today.'),
    );
    expect(sent).toEqual([]);

    await userEvent.click(within(section).getByRole('radio', { name: 'Taking new conversations' }));
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Show when I was last active' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      headline: 'Renting in Melbourne',
      topics: ['housing', 'work-career'],
      languages: ['en', 'vi'],
      state: 'VIC',
      city: 'Footscray',
      awayUntil: null,
      capacity: 5,
      showsLastActive: false,
    });
  });
});

describe('profile: confirming the email', () => {
  afterEach(() => vi.unstubAllGlobals());

  const unconfirmed: User = { ...sampleUser, emailVerified: false };

  function serveResend(resend: () => Response) {
    return stubFetch((url) => {
      const notifications = notificationAnswer(url);
      if (notifications) return notifications;
      if (url === '/api/auth/me') return json(200, { user: unconfirmed });
      if (url === '/api/auth/verify-email/resend') return resend();
      return json(200, { questions: [] });
    });
  }

  it('asks a person who has not confirmed their email to open the link, and sends it again', async () => {
    const fetch = serveResend(() => json(202, { ok: true }));
    renderProfile(unconfirmed);
    const notice = await screen.findByRole('region', { name: 'Confirm your email' });
    expect(notice).toHaveTextContent(
      'We sent a link to lan@example.com. Open it to confirm that this address is yours.',
    );
    await userEvent.click(within(notice).getByRole('button', { name: 'Resend Link' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('We sent a new link to lan@example.com.'),
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/verify-email/resend',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it("shows the server's reason when no new link can be sent yet", async () => {
    serveResend(() =>
      json(429, {
        error: 'We have sent several confirmation emails. Please try again in 40 min.',
        code: 'RATE_LIMITED',
      }),
    );
    renderProfile(unconfirmed);
    await userEvent.click(await screen.findByRole('button', { name: 'Resend Link' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'Could not send a new link / We have sent several confirmation emails. Please try again in 40 min.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Resend Link' })).toBeEnabled();
  });

  it('says nothing of it to a confirmed person or a demo account', async () => {
    serve(sampleUser, () => json(200, exported));
    const { unmount } = renderProfile(sampleUser);
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirm your email' })).not.toBeInTheDocument();
    unmount();

    const unconfirmedDemo: User = { ...demo, emailVerified: false };
    serve(unconfirmedDemo, () => json(200, exported));
    renderProfile(unconfirmedDemo);
    expect(await screen.findByRole('button', { name: 'Download My Data' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirm your email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Change email' })).not.toBeInTheDocument();
  });
});

describe('profile: changing the email', () => {
  afterEach(() => vi.unstubAllGlobals());

  function serveChange(change: (body: unknown) => Response) {
    return stubFetch((url, body) => {
      const notifications = notificationAnswer(url);
      if (notifications) return notifications;
      if (url === '/api/auth/me') return body ? change(body) : json(200, { user: sampleUser });
      return json(200, { questions: [] });
    });
  }

  async function changeTo(email: string, password: string) {
    const section = (await screen.findByRole('heading', { name: 'Change email' })).parentElement!;
    await userEvent.type(within(section).getByLabelText('New email'), email);
    await userEvent.type(within(section).getByLabelText('Current password'), password);
    await userEvent.click(within(section).getByRole('button', { name: 'Change Email' }));
    return section;
  }

  it('sends the new address with the password and says a link went to it', async () => {
    const fetch = serveChange(() => json(200, { user: sampleUser }));
    renderProfile(sampleUser);
    const section = await changeTo(' Lan.New@Example.com ', 'correct-horse-9');

    const sent = await within(section).findByRole('status');
    expect(sent).toHaveTextContent(
      'We sent a link to lan.new@example.com. Your email changes when you open it. We also told your current address.',
    );
    expect(sent).toHaveFocus();
    expect(within(section).getByLabelText('New email')).toHaveValue('');
    expect(within(section).getByLabelText('Current password')).toHaveValue('');
    const patch = fetch.mock.calls.find(([url, init]) => url === '/api/auth/me' && init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({
      email: 'lan.new@example.com',
      currentPassword: 'correct-horse-9',
    });
    // The address changes only once the link is opened.
    expect(JSON.parse(localStorage.getItem('mentorme.user')!)).toMatchObject({ email: 'lan@example.com' });
  });

  it('checks the address at its field before asking the server', async () => {
    const fetch = serveChange(() => json(200, { user: sampleUser }));
    renderProfile(sampleUser);
    const section = await changeTo('lan@example', 'correct-horse-9');
    const field = within(section).getByLabelText('New email');
    expect(field).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(field).toHaveFocus();
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ method: 'PATCH' }));
  });

  it('puts a wrong password and an unchanged address at their fields', async () => {
    let answer = json(403, { error: 'Your current password is incorrect.', code: 'WRONG_PASSWORD' });
    serveChange(() => answer);
    renderProfile(sampleUser);
    const section = await changeTo('lan.new@example.com', 'wrong-one');
    const password = within(section).getByLabelText('Current password');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Your current password is incorrect.'));
    expect(password).toHaveFocus();

    answer = json(400, { error: 'This is already your email.', code: 'VALIDATION' });
    await userEvent.click(within(section).getByRole('button', { name: 'Change Email' }));
    const email = within(section).getByLabelText('New email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('This is already your email.'));
    expect(email).toHaveFocus();
    expect(password).not.toHaveAccessibleDescription();
    expect(within(section).queryByRole('status')).not.toBeInTheDocument();
  });
});
