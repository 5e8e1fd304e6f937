import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp } from '../../test/helpers';
import { adminUser, auditEntry, failedEmail } from './admin-fixtures';
import { serveAdmin, writes } from './admin-server';
import { AdminPage } from './admin-page';

afterEach(() => vi.unstubAllGlobals());

const renderAdmin = (path: string) => renderWithApp(<AdminPage />, { path, user: adminUser });

describe('Emails', () => {
  it('lists the failed emails: what, to whom, attempts, last error and when', async () => {
    serveAdmin(undefined, {
      emails: [
        failedEmail,
        { ...failedEmail, id: 8, kind: 'verify-email', to: 'bao@example.com', lastError: null },
      ],
    });
    renderAdmin('/admin?tab=emails');
    expect(screen.getByRole('heading', { level: 2, name: 'Emails' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Emails' });
    const [, first, second] = within(table).getAllByRole('row');
    for (const text of ['New password link', 'hoa@example.com', '8', '550 mailbox unavailable'])
      expect(within(first!).getByText(text)).toBeInTheDocument();
    expect(first!.querySelector('time')).toHaveAttribute('datetime', '2026-03-12T12:00:00.000Z');
    expect(within(second!).getByText('Confirm email')).toBeInTheDocument();
    expect(within(second!).getByText('—')).toBeInTheDocument();
  });

  it('retries one, says so and counts again', async () => {
    const calls = serveAdmin(() => json(200, { ok: true }));
    renderAdmin('/admin?tab=emails');
    await userEvent.click(await screen.findByRole('button', { name: 'Retry the email to hoa@example.com' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('The email will be sent again'),
    );
    expect(writes(calls)).toEqual([{ method: 'POST', url: '/api/admin/emails/7/retry', body: undefined }]);
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/admin/emails')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Emails' })).toHaveFocus());
  });

  it("says the retry failed with the server's reason, and loads the list again", async () => {
    const calls = serveAdmin(() => json(404, { error: 'Not found.', code: 'NOT_FOUND' }));
    renderAdmin('/admin?tab=emails');
    await userEvent.click(await screen.findByRole('button', { name: 'Retry the email to hoa@example.com' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Failed to retry / Not found.'),
    );
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/admin/emails')).toHaveLength(2));
  });

  it('says when there are none', async () => {
    serveAdmin(undefined, { emails: [] });
    renderAdmin('/admin?tab=emails');
    expect(await screen.findByText('No failed emails. Every email has been sent.')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    serveAdmin();
    const served = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input) === '/api/admin/emails' && fail
          ? json(500, { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' })
          : served(input, init),
      ),
    );
    renderAdmin('/admin?tab=emails');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This list could not be loaded.');
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Emails' })).toBeInTheDocument();
  });
});

describe('Needs attention: failed emails', () => {
  it('shows them when there are some, and takes the admin to the Emails tab', async () => {
    serveAdmin();
    renderAdmin('/admin');
    const attention = screen.getByRole('region', { name: 'Needs attention' });
    await userEvent.click(await within(attention).findByRole('button', { name: '2 Failed emails' }));
    expect(screen.getByRole('tab', { name: 'Emails' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Emails' })).toBeInTheDocument();
  });

  it('leaves them out when every email went', async () => {
    serveAdmin(undefined, { stats: { failedEmails: 0 } });
    renderAdmin('/admin');
    const attention = screen.getByRole('region', { name: 'Needs attention' });
    expect(await within(attention).findByRole('button', { name: '4 Failed Chloe jobs' })).toBeInTheDocument();
    expect(within(attention).queryByRole('button', { name: /Failed emails/ })).not.toBeInTheDocument();
  });
});

describe('Audit log: email retries', () => {
  it('names the action', async () => {
    serveAdmin();
    const fetch = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).startsWith('/api/admin/audit')
          ? json(200, {
              entries: [{ ...auditEntry, action: 'email.retry', targetLabel: 'hoa@example.com' }],
              nextCursor: null,
              total: 1,
            })
          : fetch(input, init),
      ),
    );
    renderAdmin('/admin?tab=audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByText('Retried an email')).toBeInTheDocument();
  });
});
