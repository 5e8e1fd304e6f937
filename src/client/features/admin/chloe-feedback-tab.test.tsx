import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChloeFeedbackItem } from '../../../shared/schemas/ai';
import { json, LocationProbe, renderWithApp } from '../../test/helpers';
import { adminUser } from './admin-fixtures';
import { serveAdmin } from './admin-server';
import { AdminPage } from './admin-page';

afterEach(() => vi.unstubAllGlobals());

const shared: ChloeFeedbackItem = {
  id: 'f1',
  rating: 'down',
  reason: 'It did not give the phone number.',
  locale: 'vi',
  sources: ['https://www.ato.gov.au/individuals-and-families/tax-file-number', '/faq'],
  conversation: [
    { role: 'user', content: 'Làm sao để xin mã số thuế?' },
    { role: 'assistant', content: 'Bạn xin mã số thuế trực tuyến với ATO.' },
  ],
  createdAt: '2026-03-12T12:00:00.000Z',
};
const plain: ChloeFeedbackItem = {
  id: 'f2',
  rating: 'up',
  reason: null,
  locale: 'en',
  sources: [],
  conversation: null,
  createdAt: '2026-03-11T12:00:00.000Z',
};
const older: ChloeFeedbackItem = {
  ...plain,
  id: 'f3',
  reason: 'Clear and quick',
  createdAt: '2026-03-10T12:00:00.000Z',
};

/** The dashboard's fake server, with the feedback in two pages: the second after the cursor `next`. */
function serveFeedback() {
  serveAdmin();
  const served = globalThis.fetch;
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.startsWith('/api/admin/chloe-feedback')) return served(input, init);
      asked.push(url);
      const params = new URL(url, 'http://localhost').searchParams;
      const rating = params.get('rating');
      if (rating)
        return json(200, {
          items: [shared, plain, older].filter((i) => i.rating === rating),
          nextCursor: null,
        });
      return params.get('cursor') === 'next'
        ? json(200, { items: [older], nextCursor: null })
        : json(200, { items: [shared, plain], nextCursor: 'next' });
    }),
  );
  return asked;
}

const renderAdmin = (path: string) =>
  renderWithApp(
    <>
      <AdminPage />
      <LocationProbe />
    </>,
    { path, user: adminUser },
  );

describe('Chloe feedback', () => {
  it('is a tab of the dashboard', async () => {
    serveFeedback();
    renderAdmin('/admin');
    await userEvent.click(screen.getByRole('tab', { name: 'Chloe feedback' }));
    expect(screen.getByTestId('location')).toHaveTextContent('?tab=chloe-feedback');
    expect(screen.getByRole('heading', { level: 2, name: 'Chloe feedback' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Chloe feedback' })).toBeInTheDocument();
  });

  it('lists the rating, the reason, the sources, the shared conversation folded, the language and when', async () => {
    serveFeedback();
    renderAdmin('/admin?tab=chloe-feedback');
    const table = await screen.findByRole('table', { name: 'Chloe feedback' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Not helpful')).toBeInTheDocument();
    expect(within(first!).getByText('It did not give the phone number.')).toBeInTheDocument();
    // The sources are what the sender's page sent: text, never links.
    expect(
      within(first!).getByText('https://www.ato.gov.au/individuals-and-families/tax-file-number'),
    ).toBeInTheDocument();
    expect(within(first!).getByText('/faq')).toBeInTheDocument();
    expect(within(first!).queryByRole('link')).toBeNull();
    expect(within(first!).getByText('Vietnamese')).toBeInTheDocument();
    expect(first!.querySelector('time')).toHaveAttribute('datetime', '2026-03-12T12:00:00.000Z');

    const turn = within(first!).getByText('Làm sao để xin mã số thuế?');
    expect(turn).not.toBeVisible();
    await userEvent.click(within(first!).getByText('Show the conversation (2 messages)'));
    expect(turn).toBeVisible();
    expect(within(first!).getByText('Bạn xin mã số thuế trực tuyến với ATO.')).toBeVisible();

    expect(within(second!).getByText('Helpful')).toBeInTheDocument();
    expect(within(second!).getByText('Not shared')).toBeInTheDocument();
    expect(within(second!).getAllByText('—')).toHaveLength(2);
  });

  it('loads the next page after the last one shown', async () => {
    const asked = serveFeedback();
    renderAdmin('/admin?tab=chloe-feedback');
    const table = await screen.findByRole('table', { name: 'Chloe feedback' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getByText('Clear and quick')).toBeInTheDocument();
    expect(asked).toEqual(['/api/admin/chloe-feedback', '/api/admin/chloe-feedback?cursor=next']);
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(screen.getByText('That is all the feedback.')).toBeInTheDocument();
  });

  it('filters by rating, in the address', async () => {
    const asked = serveFeedback();
    renderAdmin('/admin?tab=chloe-feedback');
    await screen.findByRole('table', { name: 'Chloe feedback' });
    await userEvent.selectOptions(screen.getByLabelText('Rating'), 'Helpful');
    expect(screen.getByTestId('location')).toHaveTextContent('?tab=chloe-feedback&rating=up');
    await waitFor(() => expect(asked).toContain('/api/admin/chloe-feedback?rating=up'));
    const table = screen.getByRole('table', { name: 'Chloe feedback' });
    await waitFor(() => expect(within(table).queryByText('Not helpful')).not.toBeInTheDocument());
    expect(within(table).getAllByText('Helpful')).toHaveLength(2);
  });

  it('says when there is none', async () => {
    serveAdmin();
    const served = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).startsWith('/api/admin/chloe-feedback')
          ? json(200, { items: [], nextCursor: null })
          : served(input, init),
      ),
    );
    renderAdmin('/admin?tab=chloe-feedback');
    expect(await screen.findByText('No feedback yet.')).toBeInTheDocument();
  });
});
