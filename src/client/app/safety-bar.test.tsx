import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query';
import type * as QuickExit from '../lib/quick-exit';
import { leaveNow } from '../lib/quick-exit';
import { SafetyBar } from './safety-bar';

vi.mock('../lib/quick-exit', async (importOriginal) => ({
  ...(await importOriginal<typeof QuickExit>()),
  leaveNow: vi.fn(),
}));

const config = (demoMode: boolean) =>
  new Response(
    JSON.stringify({
      demoMode,
      demoSignIn: demoMode,
      contactEmail: null,
      contactPhone: null,
      careerPlatformUrl: null,
      chloeCallUrl: null,
      publicUrl: null,
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );

function renderBar() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SafetyBar />
    </QueryClientProvider>,
  );
}

describe('the safety bar', () => {
  beforeEach(() => {
    vi.mocked(leaveNow).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers Quick exit as a button that says what it does and leaves when pressed', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(config(false)));
    renderBar();
    const button = screen.getByRole('button', { name: 'Quick exit' });
    expect(button).toHaveAccessibleDescription(
      'Leave this site at once for a weather page. Shortcut: press Esc three times.',
    );
    await userEvent.click(button);
    expect(leaveNow).toHaveBeenCalledTimes(1);
  });

  it('leaves on Escape pressed three times, wherever the focus is, and not on one or two', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(config(false)));
    const user = userEvent.setup();
    renderBar();
    await user.click(screen.getByRole('button', { name: 'Quick exit' }));
    vi.mocked(leaveNow).mockClear();
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    expect(leaveNow).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(leaveNow).toHaveBeenCalledTimes(1);
  });

  it('says the site is a demo only in demo mode, as plain text rather than an alert', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(config(true)));
    renderBar();
    expect(await screen.findByText('Demo site: sample content, not a real service')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows no demo notice on a real site', async () => {
    const fetch = vi.fn().mockResolvedValue(config(false));
    vi.stubGlobal('fetch', fetch);
    renderBar();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText(/Demo site/)).not.toBeInTheDocument();
  });
});
