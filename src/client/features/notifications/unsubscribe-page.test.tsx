import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, renderLinkPage, stubFetch } from '../../test/helpers';
import { UnsubscribePage } from './unsubscribe-page';

const renderPage = (path: string) => renderLinkPage(<UnsubscribePage />, { path });

describe('/unsubscribe', () => {
  afterEach(() => vi.unstubAllGlobals());

  const turnOff = async () =>
    userEvent.click(await screen.findByRole('button', { name: 'Turn Off These Emails' }));

  it('changes nothing until the button is pressed: opening the link is not asking', async () => {
    const fetch = stubFetch(() => json(200, { type: 'reply_to_my_question' }));
    renderPage('/unsubscribe?token=abc123');
    expect(await screen.findByRole('button', { name: 'Turn Off These Emails' })).toBeEnabled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetch, '/api/notifications/unsubscribe')).toHaveLength(0);
  });

  it('turns the emails off once, without signing in, says which, and leads to the other choices', async () => {
    const fetch = stubFetch((url) =>
      url === '/api/notifications/unsubscribe'
        ? json(200, { type: 'reply_to_my_question' })
        : json(401, { error: 'Please sign in.', code: 'UNAUTHORIZED' }),
    );
    renderPage('/unsubscribe?token=abc123');
    await turnOff();
    expect(
      await screen.findByText('Done. You will no longer get these emails: “Someone replies to my question”.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose Which Emails You Get' })).toHaveAttribute(
      'href',
      '/profile#notifications',
    );
    const posts = callsTo(fetch, '/api/notifications/unsubscribe');
    expect(posts).toHaveLength(1);
    expect(posts[0]![1]).toMatchObject({ method: 'POST', body: JSON.stringify({ token: 'abc123' }) });
    // The token does not stay in the address, the history or a synced tab.
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/unsubscribe$/);
  });

  it('says when a digest’s link turned off every notification email', async () => {
    stubFetch(() => json(200, { type: 'all' }));
    renderPage('/unsubscribe?token=digest');
    await turnOff();
    expect(
      await screen.findByText('Done. You will no longer get emails about your notifications.'),
    ).toBeInTheDocument();
  });

  it('says when the link no longer works', async () => {
    stubFetch(() => json(400, { error: 'This link is not valid.', code: 'UNSUBSCRIBE_TOKEN_INVALID' }));
    renderPage('/unsubscribe?token=old');
    await turnOff();
    expect(
      await screen.findByText('This link does not work any more. You can still choose which emails you get.'),
    ).toBeInTheDocument();
  });

  it('offers to try again when the connection failed', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderPage('/unsubscribe?token=abc123');
    await turnOff();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn Off These Emails' })).toBeEnabled();
  });
});
