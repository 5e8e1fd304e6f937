import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sampleUser, stubFetch, json } from '../test/helpers';
import { stubPush, unstubPush } from '../test/push-fixtures';
import { readPushState, takePushOffer, useRenewPush } from './push';

function RenewPush() {
  useRenewPush();
  return null;
}

describe('alerts on this device', () => {
  afterEach(() => unstubPush());

  it('cannot be had where the browser has no push, and says to install first on an iPhone', async () => {
    expect(await readPushState()).toBe('unsupported');
    vi.stubGlobal('navigator', {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
      maxTouchPoints: 5,
    });
    expect(await readPushState()).toBe('install');
  });

  it('is blocked once the person said no, and on only with a subscription and permission', async () => {
    const push = stubPush({ permission: 'denied' });
    expect(await readPushState()).toBe('blocked');
    push.state.permission = 'default';
    expect(await readPushState()).toBe('off');
    push.state.permission = 'granted';
    push.state.subscribed = true;
    const fetch = vi.fn(async () => new Response('{}', { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    expect(await readPushState()).toBe('on');
    // Told to the server again, for whoever is signed in now.
    expect(fetch).toHaveBeenCalledWith('/api/notifications/push-subscriptions', expect.anything());
  });

  it('is told to the server again after each sign-in, since the last sign-out ended it there', async () => {
    stubPush({ permission: 'granted', subscribed: true });
    const fetch = stubFetch(() => json(201, { ok: true }));
    const signedIn = renderWithApp(<RenewPush />, { user: sampleUser });
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/api/notifications/push-subscriptions', expect.anything()),
    );
    signedIn.unmount();
    fetch.mockClear();
    localStorage.clear();
    renderWithApp(<RenewPush />, { user: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is offered after a question once, and only to a browser that has not been asked', async () => {
    expect(await takePushOffer()).toBe(false);
    const push = stubPush({ permission: 'granted' });
    expect(await takePushOffer()).toBe(false);
    push.state.permission = 'denied';
    expect(await takePushOffer()).toBe(false);
    push.state.permission = 'default';
    expect(await takePushOffer()).toBe(true);
    expect(await takePushOffer()).toBe(false);
  });
});
