import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, LocationProbe, renderWithApp } from '../../test/helpers';
import { adminUser } from './admin-fixtures';
import { polyfillDialog, serveAdmin, writes } from './admin-server';
import { AdminPage } from './admin-page';

/** jsdom's Blob has no text(). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

function renderAdmin(path = '/admin') {
  return renderWithApp(
    <>
      <AdminPage />
      <LocationProbe />
    </>,
    { path, user: adminUser },
  );
}

beforeAll(polyfillDialog);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('/admin', () => {
  it('shows the four stat cards, what needs attention, and opens on Question Management', async () => {
    serveAdmin();
    renderAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    const card = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;
    await waitFor(() => expect(card('Total Questions')).toHaveTextContent('1,234'));
    expect(card('Active Users')).toHaveTextContent('87');
    expect(card('Active Users')).toHaveTextContent('Members seen in the last 30 days');
    expect(card('Mentors')).toHaveTextContent('12');
    expect(card('Pending Reports')).toHaveTextContent('3');

    const attention = screen.getByRole('region', { name: 'Needs attention' });
    expect(within(attention).getByRole('button', { name: '5 Unanswered questions' })).toBeInTheDocument();
    expect(
      within(attention).getByRole('button', { name: '2 SOS questions without a human reply' }),
    ).toBeInTheDocument();
    expect(within(attention).getByRole('button', { name: '1 Mentors to verify' })).toBeInTheDocument();
    expect(within(attention).getByRole('button', { name: '4 Failed Chloe jobs' })).toBeInTheDocument();
    expect(within(attention).getByRole('button', { name: '2 Failed emails' })).toBeInTheDocument();

    expect(screen.getByRole('tab', { name: 'Questions' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Questions' })).toContainElement(
      screen.getByRole('heading', { name: 'Question Management' }),
    );
    expect(await screen.findByRole('link', { name: 'Where do I get a tax file number?' })).toHaveAttribute(
      'href',
      '/questions/q1',
    );
  });

  it('moves between tabs with the arrow keys and keeps the tab in the address', async () => {
    serveAdmin();
    renderAdmin();
    const questions = screen.getByRole('tab', { name: 'Questions' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Questions',
      'Users',
      'Reports',
      'Mentors to verify',
      'Audit log',
      'Notices',
      'Directory',
      'Chloe jobs',
      'Chloe feedback',
      'Emails',
    ]);
    // One tab in the Tab order: the selected one.
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toEqual([questions]);

    questions.focus();
    await userEvent.keyboard('{ArrowRight}');
    const usersTab = screen.getByRole('tab', { name: 'Users' });
    expect(usersTab).toHaveFocus();
    expect(usersTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('?tab=users');
    expect(screen.getByRole('heading', { name: 'User Management' })).toBeInTheDocument();

    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Emails' })).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('?tab=emails');
    await userEvent.keyboard('{Home}');
    expect(questions).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Emails' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the tab named in the address', async () => {
    serveAdmin();
    renderAdmin('/admin?tab=audit');
    expect(screen.getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByText('Changed a role')).toBeInTheDocument();
    expect(within(table).getByText('Helps in the housing topic')).toBeInTheDocument();
    expect(within(table).getByText('admin@example.com')).toBeInTheDocument();
  });

  it('takes "Needs attention" to the tab and filter it names', async () => {
    const calls = serveAdmin();
    renderAdmin();
    await userEvent.click(await screen.findByRole('button', { name: '5 Unanswered questions' }));
    expect(screen.getByTestId('location')).toHaveTextContent('?tab=questions&filter=unanswered');
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('unanswered');
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain('/api/admin/questions?filter=unanswered&page=1'),
    );

    await userEvent.click(screen.getByRole('button', { name: '1 Mentors to verify' }));
    expect(screen.getByRole('tab', { name: 'Mentors to verify' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Thu Nguyen' })).toBeInTheDocument();
  });

  it('downloads the newsletter as a dated text file', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 14, 23, 30));
    const calls = serveAdmin((call) =>
      call.url === '/api/admin/export-newsletter' ? json(200, { content: 'Weekly digest' }) : undefined,
    );
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        blobs.set('blob:newsletter', blob);
        return 'blob:newsletter';
      },
      revokeObjectURL: () => undefined,
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! });
    });
    renderAdmin();
    await userEvent.click(screen.getByRole('button', { name: 'Export Newsletter' }));

    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Newsletter exported'));
    expect(writes(calls)).toEqual([{ method: 'POST', url: '/api/admin/export-newsletter', body: undefined }]);
    expect(saved.map((file) => file.name)).toEqual(['mentor-me-newsletter-2026-03-14.txt']);
    expect(await readText(saved[0]!.blob)).toBe('Weekly digest');
    expect(saved[0]!.blob.type).toBe('text/plain;charset=utf-8');
  });

  it("says the export failed with the server's reason", async () => {
    serveAdmin(() => json(500, { error: 'The newsletter could not be made.', code: 'INTERNAL' }));
    renderAdmin();
    await userEvent.click(screen.getByRole('button', { name: 'Export Newsletter' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'Export failed / The newsletter could not be made.',
      ),
    );
  });
});
