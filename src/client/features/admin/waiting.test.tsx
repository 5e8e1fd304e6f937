import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { json, renderWithApp } from '../../test/helpers';
import { adminUser } from './admin-fixtures';
import { serveAdmin } from './admin-server';
import { AdminPage } from './admin-page';

afterEach(async () => {
  await act(() => setLanguage('en'));
  vi.unstubAllGlobals();
});

const renderAdmin = () => renderWithApp(<AdminPage />, { path: '/admin', user: adminUser });
/** A row's cells as a screen reader hears them: the tables' hidden headers and dashes left out. */
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => {
      const heard = cell.cloneNode(true) as HTMLElement;
      heard.querySelectorAll('[aria-hidden="true"]').forEach((node) => node.remove());
      return heard.textContent;
    });

describe('How long people wait', () => {
  it('shows each topic and language, the longest waiting, and the 12 weeks as a chart and a table', async () => {
    serveAdmin();
    renderAdmin();
    const section = screen.getByRole('region', { name: 'How long people wait' });
    expect(section).toHaveTextContent('Questions asked in the last 90 days.');

    const topics = await within(section).findByRole('table', {
      name: 'Waiting times by topic and language, last 90 days',
    });
    const [, housing, work, none, all] = within(topics).getAllByRole('row');
    expect(cells(housing!)).toEqual(['Housing', 'English', '8', '7', '45 minutes', '88%']);
    expect(cells(work!)).toEqual(['Work & Career', 'Vietnamese', '3', '2', '30 hours', '50%']);
    expect(cells(none!)).toEqual(['No topic', 'Vietnamese', '2', '1', '3 days', 'No figure yet']);
    expect(cells(all!)).toEqual(['All topics and languages', '', '13', '10', '1.5 hours', '75%']);

    const longest = within(section).getAllByRole('listitem');
    expect(longest.map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual([
      '/questions/w1',
      '/questions/w2',
    ]);
    expect(longest[0]).toHaveTextContent('My landlord kept my bond');
    expect(longest[0]).toHaveTextContent('Waiting 4 days · Housing · English');
    expect(longest[0]).not.toHaveTextContent('SOS');
    // SOS is said in words, not only by the badge's colour.
    expect(longest[1]).toHaveTextContent(/^SOSTôi bị mất hộ chiếuWaiting 24 hours · No topic · Vietnamese/);

    const chart = within(section).getByRole('img', {
      name: 'Chart of the last 12 weeks: median hours until a person’s first answer, and the share answered within 24 hours. The table beside it has the same figures.',
    });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(within(section).getByRole('region', { name: 'Chart of the last 12 weeks' })).toContainElement(
      chart,
    );
    // Each week's median hours over its bar, its Monday, and its share within 24 hours.
    const labels = [...chart.querySelectorAll('text')].map((text) => text.textContent);
    expect(labels.slice(-9)).toEqual(['0.5', '23/2', '100%', '1.5', '2/3', '80%', '30', '9/3', '50%']);
    expect(labels.slice(0, 3)).toEqual(['–', '22/12', '–']);
    expect(chart.querySelectorAll('rect')).toHaveLength(3 + 1);

    const weeks = within(section).getByRole('table', {
      name: 'The last 12 weeks in figures (weeks start on Monday, Sydney time)',
    });
    const rows = within(weeks).getAllByRole('row');
    expect(rows).toHaveLength(13);
    const week = (name: string) => {
      const row = within(weeks).getByRole('rowheader', { name }).closest('tr')!;
      return cells(row);
    };
    expect(week('2 March 2026')).toEqual(['6', '1.5 hours', '80%']);
    expect(week('9 March 2026')).toEqual(['3', '30 hours', '50%']);
    expect(week('22 December 2025')).toEqual(['0', 'No figure yet', 'No figure yet']);
  });

  it('names the topics and languages in the reader’s language', async () => {
    serveAdmin();
    await act(() => setLanguage('vi'));
    renderAdmin();
    const section = await screen.findByRole('region', { name: 'Mọi người phải chờ bao lâu' });
    const topics = await within(section).findByRole('table', {
      name: 'Thời gian chờ theo chủ đề và ngôn ngữ, 90 ngày qua',
    });
    const [, housing, work, none, all] = within(topics).getAllByRole('row');
    expect(cells(housing!)).toEqual(['Nhà ở', 'Tiếng Anh', '8', '7', '45 phút', '88%']);
    expect(cells(work!)).toEqual(['Việc làm và sự nghiệp', 'Tiếng Việt', '3', '2', '30 giờ', '50%']);
    expect(cells(none!).slice(0, 2)).toEqual(['Không có chủ đề', 'Tiếng Việt']);
    expect(cells(all!)[4]).toBe('1,5 giờ');
    expect(within(section).getByRole('img', { name: /^Biểu đồ 12 tuần qua/ })).toBeInTheDocument();
  });

  it('says when nobody has asked or everyone has been answered', async () => {
    const empty = { asked: 0, answered: 0, medianMinutes: null, within24h: null };
    serveAdmin(undefined, {
      waiting: {
        overall: empty,
        topics: [],
        longest: [],
        weeks: [{ weekStart: '2026-03-09', ...empty }],
        generatedAt: '2026-03-14T01:00:00.000Z',
      },
    });
    renderAdmin();
    const section = screen.getByRole('region', { name: 'How long people wait' });
    expect(
      await within(section).findByText('No questions were asked in the last 90 days.'),
    ).toBeInTheDocument();
    expect(
      within(section).getByText('Every question from the last 90 days has an answer from a person.'),
    ).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: /^Chart of the last 12 weeks/ })).toBeInTheDocument();
  });

  it('shows skeletons while loading, then says when the figures cannot be loaded, and tries again', async () => {
    let fail = true;
    const calls = serveAdmin(undefined, {
      waiting: () =>
        fail ? json(500, { error: 'Something went wrong.', code: 'INTERNAL' }) : json(200, emptyish()),
    });
    renderAdmin();
    const section = screen.getByRole('region', { name: 'How long people wait' });
    expect(section.querySelector('[aria-hidden="true"] .animate-pulse')).not.toBeNull();
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('These waiting times could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(
      await within(section).findByRole('img', { name: /^Chart of the last 12 weeks/ }),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/admin/waiting')).toHaveLength(2));
  });
});

function emptyish() {
  const empty = { asked: 0, answered: 0, medianMinutes: null, within24h: null };
  return { overall: empty, topics: [], longest: [], weeks: [], generatedAt: '2026-03-14T01:00:00.000Z' };
}
