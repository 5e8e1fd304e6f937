import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChloeMiss } from '../../../shared/schemas/ai';
import { json, LocationProbe, renderWithApp } from '../../test/helpers';
import { adminUser } from './admin-fixtures';
import { serveAdmin, writes } from './admin-server';
import { AdminPage } from './admin-page';

afterEach(() => vi.unstubAllGlobals());

const nothing: ChloeMiss = {
  id: '11111111-1111-4111-8111-111111111111',
  question: 'Where can I get a police check for volunteering?',
  locale: 'en',
  kind: 'nothing',
  count: 3,
  status: 'open',
  articleId: null,
  createdAt: '2026-03-12T12:00:00.000Z',
};
const down: ChloeMiss = {
  ...nothing,
  id: '22222222-2222-4222-8222-222222222222',
  question: 'Chủ nhà giữ tiền bond, email em là [email]',
  locale: 'vi',
  kind: 'thumbs-down',
  count: 1,
};
const articles = [
  { id: 'finding-work', title: 'Finding work' },
  { id: 'bond-and-cleaning', title: 'Getting your bond back' },
];

/** The dashboard's fake server, with the misses of each status. */
function serveMisses() {
  const calls = serveAdmin();
  const served = globalThis.fetch;
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.startsWith('/api/admin/chloe/misses') || (init?.method ?? 'GET') !== 'GET')
        return served(input, init);
      asked.push(url);
      const status = new URL(url, 'http://localhost').searchParams.get('status') ?? 'open';
      const misses =
        status === 'open'
          ? [nothing, down]
          : status === 'attached'
            ? [{ ...down, status, articleId: 'bond-and-cleaning' }]
            : [];
      return json(200, { misses, nextCursor: null, total: misses.length, articles });
    }),
  );
  return { calls, asked };
}

const renderAdmin = (path: string) =>
  renderWithApp(
    <>
      <AdminPage />
      <LocationProbe />
    </>,
    { path, user: adminUser },
  );

describe('Chloe’s misses', () => {
  it('is a tab of the dashboard listing what Chloe missed, why and how often', async () => {
    serveMisses();
    renderAdmin('/admin');
    await userEvent.click(screen.getByRole('tab', { name: 'Chloe’s misses' }));
    const table = await screen.findByRole('table', { name: 'Chloe’s misses' });
    expect(within(table).getByText(nothing.question)).toBeInTheDocument();
    expect(within(table).getByText('Chloe had nothing')).toBeInTheDocument();
    expect(within(table).getByText('Marked not helpful')).toBeInTheDocument();
    expect(within(table).getByText(down.question)).toHaveAttribute('lang', 'vi');
    expect(within(table).getByText('3')).toBeInTheDocument();
  });

  it('attaches a miss to the article chosen, marks one as needing an article, and dismisses one', async () => {
    const { calls } = serveMisses();
    renderAdmin('/admin?tab=chloe-misses');
    await screen.findByText(nothing.question);
    const attach = screen.getByRole('button', { name: `Add “${nothing.question}” to the chosen article` });
    expect(attach).toBeDisabled();
    const [firstArticle] = screen.getAllByRole('combobox', { name: 'Article' });
    await userEvent.selectOptions(firstArticle!, 'finding-work');
    await userEvent.click(attach);
    await screen.findByText('Added to the article. Chloe uses it within a minute.');
    await userEvent.click(
      screen.getByRole('button', { name: `Mark “${down.question}” as needing an article` }),
    );
    await screen.findByText('Marked as needing an article.');
    await userEvent.click(screen.getByRole('button', { name: `Dismiss “${nothing.question}”` }));
    await screen.findByText('Dismissed.');
    expect(writes(calls).map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'POST',
        url: `/api/admin/chloe/misses/${nothing.id}/attach`,
        body: { articleId: 'finding-work' },
      },
      { method: 'POST', url: `/api/admin/chloe/misses/${down.id}/needs-article`, body: {} },
      { method: 'POST', url: `/api/admin/chloe/misses/${nothing.id}/dismiss`, body: {} },
    ]);
  });

  it('shows each status from the address, and the article a miss was attached to', async () => {
    const { asked } = serveMisses();
    renderAdmin('/admin?tab=chloe-misses');
    await screen.findByText(nothing.question);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'attached');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('status=attached'));
    expect(await screen.findByText('Getting your bond back')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Dismiss/ })).toBeNull();
    expect(asked.at(-1)).toBe('/api/admin/chloe/misses?status=attached');
  });
});
