import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { australianToday } from '../../../shared/australian-date';
import { json, renderWithApp } from '../../test/helpers';
import { adminUser, directoryEntry, outdatedReport } from './admin-fixtures';
import { polyfillDialog, serveAdmin, writes } from './admin-server';
import { AdminPage } from './admin-page';

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

const renderAdmin = (path: string) => renderWithApp(<AdminPage />, { path, user: adminUser });
const saved = () =>
  json(200, { ...directoryEntry, editedAt: '2026-03-14T00:00:00.000Z', editedBy: 'Ada Admin' });

describe('the Directory tab', () => {
  it('lists entries with their review state and open reports, and keeps the filters in the address', async () => {
    const calls = serveAdmin();
    renderAdmin('/admin?tab=directory');
    // Text queries: role queries over this many filter options are slow in jsdom.
    const row = (await screen.findByText('Footscray Hub')).closest('tr')!;
    expect(row).toHaveTextContent('Needs review');
    expect(row).toHaveTextContent('Footscray, VIC');
    expect(row).toHaveTextContent('1 June 2025');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'needs-review');
    await waitFor(() => expect(calls.some((call) => call.url.includes('status=needs-review'))).toBe(true));
  }, 20_000);

  it('edits every field, sets "Checked today", and marks the open reports fixed with the save', async () => {
    const calls = serveAdmin(() => saved());
    renderAdmin('/admin?tab=directory');
    await userEvent.click(await screen.findByLabelText('Edit Footscray Hub'));
    const editor = await screen.findByRole('region', { name: 'Edit Footscray Hub' });
    expect(within(editor).getByRole('textbox', { name: 'Short name' })).toHaveAttribute('readonly');
    expect(within(editor).getByRole('textbox', { name: 'Languages' })).toHaveValue(
      'Vietnamese\nFree interpreter on request | Có thông dịch viên miễn phí khi yêu cầu',
    );
    const phone = within(editor).getByRole('textbox', { name: 'Phone' });
    await userEvent.clear(phone);
    await userEvent.type(phone, '03 9555 6666');
    await userEvent.click(within(editor).getByRole('button', { name: 'Checked Today' }));
    expect(within(editor).getByRole('checkbox', { name: 'Mark its 2 open reports as fixed' })).toBeChecked();
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Entry saved'));
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        url: '/api/admin/directory/organisation/footscray-hub',
        body: {
          entry: { ...directoryEntry.entry, phone: '03 9555 6666', lastReviewed: australianToday() },
          resolveReports: true,
        },
      },
    ]);
    // Back on the list, which has the focus.
    const heading = await screen.findByRole('heading', { name: 'Directory' });
    await waitFor(() => expect(heading).toHaveFocus());
  }, 20_000);

  it('names the rule a field breaks, in the admin’s words, and sends nothing', async () => {
    const calls = serveAdmin();
    renderAdmin('/admin?tab=directory&edit=footscray-hub');
    const editor = await screen.findByRole('region', { name: 'Edit Footscray Hub' });
    const phone = within(editor).getByRole('textbox', { name: 'Phone' });
    await userEvent.clear(phone);
    await userEvent.type(phone, 'call us');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('toast')).toHaveTextContent(
      'Could not save the entry / Write the phone number with digits and spaces only, for example 1800 737 732.',
    );
    const services = within(editor).getByRole('textbox', { name: 'Services' });
    await userEvent.clear(phone);
    await userEvent.type(services, '{enter}Food relief');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('Please fill in every required field.');
    expect(writes(calls)).toEqual([]);
  });

  it('archives after a confirmation', async () => {
    const calls = serveAdmin(() => json(200, { ...directoryEntry, archived: true }));
    renderAdmin('/admin?tab=directory&edit=footscray-hub');
    await userEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive this entry?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Entry archived'));
    expect(writes(calls)).toEqual([
      {
        method: 'PATCH',
        url: '/api/admin/directory/organisation/footscray-hub/archive',
        body: { archived: true },
      },
    ]);
  });
});

describe('reports of outdated information in the Reports tab', () => {
  it('shows what readers said beside the entry, and opens the entry’s editor', async () => {
    serveAdmin();
    renderAdmin('/admin?tab=reports');
    const card = await screen.findByRole('article', { name: 'Footscray Hub' });
    for (const text of [
      'The phone number is wrong',
      'The opening hours are wrong',
      'The number is now 03 9555 6666',
    ])
      expect(within(card).getByText(text)).toBeInTheDocument();
    expect(within(card).getByText('03 9000 0000')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Open the Editor for Footscray Hub' }));
    const editor = await screen.findByRole('region', { name: 'Edit Footscray Hub' });
    expect(within(editor).getByRole('checkbox', { name: 'Mark its 2 open reports as fixed' })).toBeChecked();
  });

  it('marks them fixed or dismisses them', async () => {
    const calls = serveAdmin(() => json(200, { ok: true }));
    renderAdmin('/admin?tab=reports');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Dismiss the reports on Footscray Hub' }),
    );
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Reports dismissed'));
    expect(writes(calls)).toEqual([
      { method: 'PATCH', url: '/api/admin/directory-reports/dr1', body: { action: 'dismiss' } },
    ]);
  });

  it('loads more entries with reports below the reports list, which keeps its own', async () => {
    const more = {
      ...outdatedReport,
      id: 'dr2',
      entry: { ...outdatedReport.entry!, name: 'Collingwood House' },
    };
    const calls = serveAdmin(undefined, { more: { '/api/admin/directory-reports': [more] } });
    renderAdmin('/admin?tab=reports');
    const outdated = await screen.findByRole('region', { name: 'Outdated information' });
    expect(await within(outdated).findByText('Showing 1 of 2')).toBeInTheDocument();
    await userEvent.click(within(outdated).getByRole('button', { name: 'Load More' }));
    expect(await within(outdated).findByRole('article', { name: 'Collingwood House' })).toHaveFocus();
    expect(within(outdated).getByText('Showing 2 of 2')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/admin/directory-reports?status=open&cursor=next');
    // The reports list above is as it was: one page, asked for once.
    expect(calls.filter((call) => call.url.startsWith('/api/admin/reports'))).toHaveLength(1);
  });
});
