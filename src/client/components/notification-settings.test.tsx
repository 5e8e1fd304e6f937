import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/schemas/auth';
import {
  NOTIFICATION_TYPES,
  type NotificationPreferences,
  type PreferencesUpdate,
} from '../../shared/schemas/notifications';
import { json, renderWithApp, sampleUser, stubFetch } from '../test/helpers';
import { PUBLIC_KEY, sampleSubscription, stubPush, unstubPush } from '../test/push-fixtures';
import { NotificationSettings } from './notification-settings';

const preferences: NotificationPreferences = {
  types: Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, { email: true, push: true }]),
  ) as NotificationPreferences['types'],
  emailDigest: false,
  pushShowsTitles: false,
  waitingEmail: false,
};

function serve() {
  const updates: PreferencesUpdate[] = [];
  let saved = preferences;
  const fetch = stubFetch((url, body) => {
    if (url === '/api/auth/me') return json(200, { user: sampleUser });
    if (url === '/api/notifications/preferences') {
      if (!body) return json(200, saved);
      const update = body as PreferencesUpdate;
      updates.push(update);
      saved = {
        types: { ...saved.types },
        emailDigest: update.emailDigest ?? saved.emailDigest,
        pushShowsTitles: update.pushShowsTitles ?? saved.pushShowsTitles,
        waitingEmail: update.waitingEmail ?? saved.waitingEmail,
      };
      for (const [type, channels] of Object.entries(update.types ?? {}))
        saved.types[type as keyof typeof saved.types] = {
          ...saved.types[type as keyof typeof saved.types],
          ...channels,
        };
      return json(200, saved);
    }
    if (url === '/api/notifications/push-key') return json(200, { publicKey: PUBLIC_KEY });
    if (url === '/api/notifications/push-subscriptions') return json(201, {});
    return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
  });
  return { fetch, updates };
}

function renderSettings(user: User = sampleUser) {
  return renderWithApp(<NotificationSettings user={user} />, { path: '/profile', user });
}

describe('notification settings on the profile', () => {
  afterEach(() => unstubPush());

  it('shows a student the types a student gets, each with its email and alert switch', async () => {
    serve();
    renderSettings();
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(rows).toEqual([
      'Someone replies to my question',
      'A question I follow gets a reply',
      'A new chat message',
      'A chat of mine is closed because its mentor stopped mentoring',
      'Something I posted is removed',
      'A new question in a topic I follow',
      'A chat of mine closes because no mentor replied',
    ]);
    expect(screen.getByRole('checkbox', { name: 'Someone replies to my question: Email' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'A new chat message: Alert' })).toBeChecked();
  });

  it('saves each switch as it moves, sending only what changed', async () => {
    const { updates } = serve();
    renderSettings();
    const email = await screen.findByRole('checkbox', { name: 'Someone replies to my question: Email' });
    await userEvent.click(email);
    await waitFor(() => expect(email).not.toBeChecked());
    await userEvent.click(screen.getByRole('checkbox', { name: /^One email a day/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Show titles on the lock screen/ }));
    await waitFor(() =>
      expect(updates).toEqual([
        { types: { reply_to_my_question: { email: false } } },
        { emailDigest: true },
        { pushShowsTitles: true },
      ]),
    );
  });

  it('shows an admin the report queue’s type, and says emails wait for a confirmed address', async () => {
    serve();
    renderSettings({ ...sampleUser, role: 'admin', emailVerified: false });
    expect(await screen.findByRole('rowheader', { name: 'New reports to review' })).toBeInTheDocument();
    expect(screen.getByText('We send emails only after you confirm your address.')).toBeInTheDocument();
  });

  it('says plainly when this browser cannot have alerts, or when they are blocked', async () => {
    serve();
    const { unmount } = renderSettings();
    expect(
      await screen.findByText('This browser cannot show alerts. We can still email you.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on alerts' })).not.toBeInTheDocument();
    unmount();
    stubPush({ permission: 'denied' });
    renderSettings();
    expect(await screen.findByText(/^Alerts are blocked for Mentor Me in this browser/)).toBeInTheDocument();
  });

  it('turns alerts on from a tap: the browser asks, this device subscribes, and the server is told', async () => {
    const { fetch } = serve();
    const push = stubPush();
    renderSettings();
    expect(await screen.findByText('Alerts are off for this device.')).toBeInTheDocument();
    expect(push.requestPermission).not.toHaveBeenCalled();
    const button = screen.getByRole('button', { name: 'Turn on alerts' });
    await userEvent.click(button);
    expect(await screen.findByText('Alerts are on for this device.')).toBeInTheDocument();
    expect(push.requestPermission).toHaveBeenCalledOnce();
    expect(push.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(fetch).toHaveBeenCalledWith(
      '/api/notifications/push-subscriptions',
      expect.objectContaining({ method: 'POST', body: JSON.stringify(sampleSubscription) }),
    );
    // The same button, now turning them off: a keyboard user keeps their place.
    expect(button).toHaveAccessibleName('Turn off alerts on this device');
    await userEvent.click(button);
    expect(await screen.findByText('Alerts are off for this device.')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/notifications/push-subscriptions',
      expect.objectContaining({
        method: 'DELETE',
        body: JSON.stringify({ endpoint: sampleSubscription.endpoint }),
      }),
    );
    expect(push.subscription.unsubscribe).toHaveBeenCalled();
  });

  it('leaves alerts off, without a complaint, when the person closes the browser’s question', async () => {
    serve();
    const push = stubPush({ answer: 'default' });
    renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on alerts' }));
    await waitFor(() => expect(push.requestPermission).toHaveBeenCalled());
    expect(await screen.findByText('Alerts are off for this device.')).toBeInTheDocument();
    expect(push.subscribe).not.toHaveBeenCalled();
    expect(screen.queryByText(/^Could not turn on alerts/)).not.toBeInTheDocument();
  });
});

describe('notification settings that cannot be loaded', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('say so in place, with a way to try again', async () => {
    stubFetch((url) =>
      url === '/api/auth/me'
        ? json(200, { user: sampleUser })
        : json(500, { error: 'Something went wrong.', code: 'INTERNAL' }),
    );
    renderSettings();
    expect(await screen.findByText('Your notification settings could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('the daily waiting email setting', () => {
  afterEach(() => unstubPush());

  it('is offered to mentors only, off until they turn it on', async () => {
    const { updates } = serve();
    const user = userEvent.setup();
    const { unmount } = renderSettings();
    await screen.findByRole('table');
    expect(screen.queryByRole('checkbox', { name: /questions waiting/ })).toBeNull();
    unmount();
    renderSettings({ ...sampleUser, role: 'mentor', mentorVerified: true });
    const box = await screen.findByRole('checkbox', { name: /^Daily email of questions waiting/ });
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(updates).toEqual([{ waitingEmail: true }]));
    expect(box).toBeChecked();
  });
});
