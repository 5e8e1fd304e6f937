import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp } from '../../test/helpers';
import { adminUser } from './admin-fixtures';
import { polyfillDialog, serveAdmin, writes, type Call } from './admin-server';
import { AdminPage } from './admin-page';

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

const renderAdmin = (path: string) => renderWithApp(<AdminPage />, { path, user: adminUser });
const statsFetches = (calls: Call[]) => calls.filter((call) => call.url === '/api/admin/stats').length;

describe('Question Management', () => {
  it('lists questions with their counts, and shows who asked an anonymous question', async () => {
    serveAdmin();
    renderAdmin('/admin');
    const table = await screen.findByRole('table', { name: 'Question Management' });
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Where do I get a tax file number?',
      'CategoryWork & Career',
      'AuthorLan anonymous',
      'Replies3',
      'Human replies1',
      'Open reports2',
      'Created1 March 2026',
      'Delete',
    ]);
    // The headers repeated for the phone layout are not read out twice.
    expect(within(row!).getByRole('cell', { name: 'Lan anonymous' })).toBeInTheDocument();
  });

  it('sends the search and the filters, and "all" is no filter', async () => {
    const calls = serveAdmin();
    renderAdmin('/admin');
    await screen.findByRole('table', { name: 'Question Management' });
    const search = screen.getByRole('searchbox', { name: 'Search questions' });
    await userEvent.type(search, 'visa{Enter}');
    expect(search).toHaveFocus();
    expect(search).toHaveValue('visa');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'housing');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'reported');
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe('/api/admin/questions?q=visa&category=housing&filter=reported'),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'all');
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/admin/questions?q=visa&filter=reported'));
  });

  it("deletes a question after the spec's confirmation, and counts again", async () => {
    const calls = serveAdmin();
    renderAdmin('/admin');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete “Where do I get a tax file number?”' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete this question?' });
    expect(dialog).toHaveAccessibleDescription(
      '“Where do I get a tax file number?” and its replies are deleted for everyone.',
    );
    const before = statsFetches(calls);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Question deleted'));
    expect(writes(calls)).toEqual([{ method: 'DELETE', url: '/api/admin/questions/q1', body: undefined }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(statsFetches(calls)).toBeGreaterThan(before));
    // The row goes: the reader is taken back to the list's heading, not to the top of the page.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Question Management' })).toHaveFocus());
  });

  it('sends a reason when one is given, and cancelling sends nothing', async () => {
    const calls = serveAdmin();
    renderAdmin('/admin');
    const deleteButton = await screen.findByRole('button', { name: /^Delete “/ });
    await userEvent.click(deleteButton);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await userEvent.click(deleteButton);
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), '  Spam link  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ reason: 'Spam link' });
  });

  it("says the deletion failed with the server's reason and keeps the dialog open", async () => {
    serveAdmin(() => json(404, { error: 'This question does not exist.', code: 'NOT_FOUND' }));
    renderAdmin('/admin');
    await userEvent.click(await screen.findByRole('button', { name: /^Delete “/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'Failed to delete question / This question does not exist.',
      ),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('User Management', () => {
  it('lists members with email and joined date, and offers no role change for admins', async () => {
    serveAdmin();
    renderAdmin('/admin?tab=users');
    const table = await screen.findByRole('table', { name: 'User Management' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Lan lan@example.com',
      'Minh minh@example.com',
      'Ada Admin admin@example.com',
    ]);
    expect(within(rows[0]!).getByRole('cell', { name: '1 January 2026' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('cell', { name: '10 March 2026' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Make mentor: Lan' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Make student: Minh' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('cell', { name: /^Mentor Verified/ })).toBeInTheDocument();
    // What students said after their chats with the mentor, with the newest notes.
    expect(within(rows[1]!).getByText('After chats: 3 helpful, 1 not helpful')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/Replies came a week late\./)).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[2]!).getByRole('cell', { name: 'Admin' })).toBeInTheDocument();
  });

  it('changes a role after "Change user role to {role}?", saying the person signs in again', async () => {
    const calls = serveAdmin();
    renderAdmin('/admin?tab=users');
    await userEvent.click(await screen.findByRole('button', { name: 'Make mentor: Lan' }));
    const dialog = screen.getByRole('dialog', { name: 'Change user role to mentor?' });
    expect(dialog).toHaveAccessibleDescription(
      'Lan (lan@example.com) becomes a verified mentor, will be signed out on every device and will sign in again with the new role.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make mentor' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('User role updated'));
    expect(writes(calls)).toEqual([
      { method: 'PATCH', url: '/api/admin/users/u1/role', body: { role: 'mentor' } },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Make student: Minh' }));
    const demote = screen.getByRole('dialog', { name: 'Change user role to student?' });
    expect(demote).toHaveAccessibleDescription(
      'Minh (minh@example.com) will be signed out on every device and will sign in again with the new role.',
    );
    await userEvent.click(within(demote).getByRole('button', { name: 'Make student' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toEqual({
      method: 'PATCH',
      url: '/api/admin/users/u2/role',
      body: { role: 'student' },
    });
  });

  it("says the role change failed with the server's reason", async () => {
    serveAdmin(() => json(409, { error: 'Admins cannot be changed.', code: 'ADMIN_ROLE_FIXED' }));
    renderAdmin('/admin?tab=users');
    await userEvent.click(await screen.findByRole('button', { name: 'Make mentor: Lan' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Make mentor' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'Failed to update role / Admins cannot be changed.',
      ),
    );
  });

  it('filters by role', async () => {
    const calls = serveAdmin();
    renderAdmin('/admin?tab=users');
    await screen.findByRole('table', { name: 'User Management' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'mentor');
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/admin/users?filter=mentor'));
  });
});
