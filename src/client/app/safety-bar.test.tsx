import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as QuickExit from '../lib/quick-exit';
import { leaveNow } from '../lib/quick-exit';
import { json, renderWithApp, stubFetch } from '../test/helpers';
import { SafetyBar } from './safety-bar';

vi.mock('../lib/quick-exit', async (importOriginal) => ({
  ...(await importOriginal<typeof QuickExit>()),
  leaveNow: vi.fn(),
}));

const config = (demoMode: boolean) =>
  json(200, {
    demoMode,
    demoSignIn: demoMode,
    contactEmail: null,
    contactPhone: null,
    careerPlatformUrl: null,
    chloeCallUrl: null,
    publicUrl: null,
  });

describe('the safety bar', () => {
  beforeEach(() => {
    vi.mocked(leaveNow).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers Quick exit as a button that says what it does and leaves when pressed', async () => {
    stubFetch(() => config(false));
    renderWithApp(<SafetyBar />);
    const button = screen.getByRole('button', { name: 'Quick Exit' });
    expect(button).toHaveAccessibleDescription(
      'Leave this site at once for a weather page. It also signs you out and removes what Mentor Me kept on this device. Shortcut: press Esc three times.',
    );
    await userEvent.click(button);
    expect(leaveNow).toHaveBeenCalledTimes(1);
  });

  it('leaves on Escape pressed three times, wherever the focus is, and not on one or two', async () => {
    stubFetch(() => config(false));
    const user = userEvent.setup();
    renderWithApp(<SafetyBar />);
    await user.click(screen.getByRole('button', { name: 'Quick Exit' }));
    vi.mocked(leaveNow).mockClear();
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    expect(leaveNow).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(leaveNow).toHaveBeenCalledTimes(1);
  });

  it('says the site is a demo only in demo mode, as plain text rather than an alert', async () => {
    stubFetch(() => config(true));
    renderWithApp(<SafetyBar />);
    expect(await screen.findByText('Demo site: sample content, not a real service')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows no demo notice on a real site', async () => {
    const fetch = stubFetch(() => config(false));
    renderWithApp(<SafetyBar />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText(/Demo site/)).not.toBeInTheDocument();
  });
});
