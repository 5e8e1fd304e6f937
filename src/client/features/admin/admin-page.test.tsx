import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, LocationProbe, renderWithApp } from '../../test/helpers';
import {
  adminUser,
  applicant,
  auditEntry,
  chatReport,
  directoryRow,
  question,
  users,
} from './admin-fixtures';
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
      'Chloe’s misses',
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
      expect(calls.map((call) => call.url)).toContain('/api/admin/questions?filter=unanswered'),
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

/** The row (a table's row or a card) that shows this text. */
const rowOf = async (text: string) =>
  (await screen.findByText(text)).closest<HTMLElement>('[data-list-row]')!;

type Case = {
  list: string;
  /** The dashboard's address: the tab and a filter, which every page keeps. */
  path: string;
  /** What the first page's rows are. */
  shown: number;
  /** A row of the second page, and the text that names it. */
  more: unknown;
  name: string;
  /** The second page's request. */
  next: string;
};

const CASES: Case[] = [
  {
    list: 'Questions',
    path: '/admin?tab=questions&filter=reported',
    shown: 1,
    more: { ...question, id: 'q2', title: 'How do I rent my first flat?' },
    name: 'How do I rent my first flat?',
    next: '/api/admin/questions?filter=reported&cursor=next',
  },
  {
    list: 'Users',
    path: '/admin?tab=users&role=student',
    shown: users.length,
    more: { ...users[0]!, id: 'u9', email: 'vy@example.com', displayName: 'Vy Pham' },
    name: 'Vy Pham',
    next: '/api/admin/users?filter=student&cursor=next',
  },
  {
    list: 'Mentors to verify',
    path: '/admin?tab=mentors',
    shown: 1,
    more: { ...applicant, id: 'u8', email: 'bao@example.com', displayName: 'Bao Tran' },
    name: 'Bao Tran',
    next: '/api/admin/users?filter=mentors-to-verify&cursor=next',
  },
  {
    list: 'Audit log',
    path: '/admin?tab=audit',
    shown: 1,
    more: { ...auditEntry, id: 2, targetLabel: 'vy@example.com' },
    name: 'vy@example.com',
    next: '/api/admin/audit?cursor=next',
  },
  {
    list: 'Reports',
    path: '/admin?tab=reports&status=resolved',
    shown: 1,
    more: { ...chatReport, id: 'r2', content: { ...chatReport.content, title: 'Sharing a flat' } },
    name: 'Sharing a flat',
    next: '/api/admin/reports?status=resolved&cursor=next',
  },
  {
    list: 'Directory',
    path: '/admin?tab=directory&state=VIC',
    shown: 1,
    more: { ...directoryRow, id: 'collingwood-house', name: 'Collingwood House' },
    name: 'Collingwood House',
    next: '/api/admin/directory?type=organisation&state=VIC&cursor=next',
  },
];

describe('the admin lists, a page at a time', () => {
  it.each(CASES)(
    '$list: shows how many of how many, loads more after the last row with the filters kept, and focuses the first new row',
    async ({ path, shown, more, name, next }) => {
      const calls = serveAdmin(undefined, { more: { [next.split('?')[0]!]: [more] } });
      renderAdmin(path);
      const status = await screen.findByText(`Showing ${shown} of ${shown + 1}`);
      expect(status).toHaveAttribute('role', 'status');
      const button = screen.getByRole('button', { name: 'Load More' });
      await userEvent.click(button);
      await waitFor(() => expect(calls.map((call) => call.url)).toContain(next));
      const added = await rowOf(name);
      await waitFor(() => expect(added).toHaveFocus());
      expect(status).toHaveTextContent(`Showing ${shown + 1} of ${shown + 1}`);
      expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
      // The filters stay in the address; no page number goes there.
      expect(screen.getByTestId('location')).toHaveTextContent(path.replace('/admin', ''));
      expect(screen.getByTestId('location')).not.toHaveTextContent(/page|outdated|cursor/);
    },
    20_000,
  );

  it('keeps the rows and the button when the next page cannot be loaded, and says why', async () => {
    const refused = json(400, {
      error: 'This page of results is no longer available. Please reload.',
      code: 'VALIDATION',
    });
    serveAdmin(undefined, { more: { '/api/admin/audit': refused } });
    renderAdmin('/admin?tab=audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const button = screen.getByRole('button', { name: 'Load More' });
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This list could not be loaded. This page of results is no longer available. Please reload.',
    );
    expect(within(table).getByText('Changed a role')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load More' })).toHaveFocus();
    expect(screen.getByText('Showing 1 of 2')).toBeInTheDocument();
  });
});
