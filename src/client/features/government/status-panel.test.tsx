import '../../lib/page-texts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serviceStatusResponseSchema, type ServiceStatusItem } from '../../../shared/schemas/government';
import { setLanguage } from '../../lib/i18n';
import { json, renderWithApp, stubFetch } from '../../test/helpers';
import { StatusPanel } from './status-panel';

const NAMES = ['ImmiAccount', 'myGov', 'Services Australia'];

function services(...statuses: ServiceStatusItem['status'][]): ServiceStatusItem[] {
  return statuses.map((status, i) => ({
    id: `s${i}`,
    name: NAMES[i]!,
    url: `https://example.gov.au/${i}`,
    status,
    lastChecked: status === 'unknown' ? null : '2026-11-24T01:00:00.000Z',
  }));
}

function serve(list: ServiceStatusItem[]) {
  stubFetch(() => json(200, serviceStatusResponseSchema.parse({ services: list })));
  renderWithApp(<StatusPanel />);
}

describe('service status panel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => setLanguage('en'));
  });

  it('says in one line that nothing could be checked, instead of a grey row per service', async () => {
    serve(services('unknown', 'unknown', 'unknown'));
    expect(
      await screen.findByText('The official online services cannot be checked from here right now.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Each service')).toBeInTheDocument();
    for (const row of screen.getAllByText('Unknown')) expect(row).not.toBeVisible();
  });

  it('counts the services that are slow or not answering, and lists each on request', async () => {
    serve(services('operational', 'outage', 'degraded'));
    expect(
      await screen.findByText('2 of 3 official online services are slow or not answering.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByText('Each service'));
    expect(screen.getByText('Not answering')).toBeVisible();
    expect(screen.getByRole('link', { name: /^ImmiAccount/ })).toHaveAttribute('target', '_blank');
  });

  it('says all are answering, and shows a notice without opening the list, in Vietnamese too', async () => {
    const list = services('operational', 'operational', 'operational');
    list[1] = { ...list[1]!, note: 'Maintenance on Sunday.' };
    act(() => setLanguage('vi'));
    serve(list);
    expect(
      await screen.findByText('Cả 3 dịch vụ trực tuyến chính thức đều đang hoạt động.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Maintenance on Sunday.')).toBeVisible();
  });

  it('is one line when all is well, opening to what is checked and each service, in both languages', async () => {
    serve(services('operational', 'operational', 'operational'));
    const line = await screen.findByText('Online services: all 3 answering');
    expect(screen.getByRole('heading', { name: 'Service status' })).toBeInTheDocument();
    expect(screen.queryByText(/Checked every 5 minutes/)).not.toBeVisible();
    await userEvent.click(line);
    expect(screen.getByText(/Checked every 5 minutes/)).toBeVisible();
    expect(screen.getAllByText('Operational')[0]).toBeVisible();
    act(() => setLanguage('vi'));
    expect(await screen.findByText('Cả 3 dịch vụ trực tuyến đều ổn')).toBeInTheDocument();
  });
});
