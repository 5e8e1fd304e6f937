import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GovernmentService } from '../../../shared/schemas/resources';
import { toast } from '../../lib/toast';
import { json, renderWithApp, stubFetch } from '../../test/helpers';
import { GovernmentPage } from './government-page';
import { ServiceCard } from './service-card';

const medicare: GovernmentService = {
  id: 'medicare',
  title: { en: 'Medicare', vi: 'Medicare (bảo hiểm y tế)' },
  description: { en: 'Public health cover.', vi: 'Bảo hiểm y tế công.' },
  category: 'healthcare',
  department: 'Services Australia',
  eligibility: [
    { en: 'Permanent residents', vi: 'Thường trú nhân' },
    { en: 'Citizens', vi: 'Công dân' },
    { en: 'Some visa holders', vi: 'Một số người có thị thực' },
    { en: 'Visitors from reciprocal countries', vi: 'Khách từ các nước có thỏa thuận' },
  ],
  contact: { phone: '13 20 11', website: 'https://www.servicesaustralia.gov.au/medicare' },
  languages: ['English'],
  location: { state: 'national' },
  source: 'https://www.servicesaustralia.gov.au/medicare',
  lastUpdated: '2026-11-01',
};
const housing: GovernmentService = {
  ...medicare,
  id: 'homes-vic',
  title: { en: 'Homes Victoria', vi: 'Homes Victoria' },
  category: 'housing',
  department: 'Homes Victoria',
  eligibility: [],
  contact: { email: 'housing@example.vic.gov.au' },
  location: { state: 'VIC', city: 'Melbourne' },
};

/** The government endpoints; `local` answers every postcode search. */
function serve(local: (postcode: string) => Response) {
  return stubFetch((url) => {
    if (url === '/api/government/status') return json(200, { services: [] });
    if (url.startsWith('/api/government/resources')) return json(200, { resources: [medicare, housing] });
    const postcode = /^\/api\/government\/local\/(\d+)/.exec(url)?.[1];
    if (postcode) return local(postcode);
    return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
  });
}

function renderPage() {
  toast({ title: 'none yet' });
  return renderWithApp(<GovernmentPage />, { path: '/government' });
}

async function searchPostcode(postcode: string) {
  await userEvent.type(screen.getByLabelText('Postcode'), postcode);
  await userEvent.click(screen.getByRole('button', { name: 'Find Local' }));
}

describe('government page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every service, then the services of a postcode', async () => {
    serve(() =>
      json(200, { place: { postcode: '3011', locality: 'Footscray', state: 'VIC' }, resources: [housing] }),
    );
    renderPage();
    expect(await screen.findByText('2 services')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All services' })).toBeInTheDocument();

    await searchPostcode('3011');
    expect(
      await screen.findByRole('heading', { name: 'Services for Footscray, VIC 3011' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Homes Victoria');
    await userEvent.click(screen.getByRole('button', { name: 'Show all services' }));
    expect(await screen.findByRole('heading', { name: 'All services' })).toBeInTheDocument();
  });

  it('shows a refused postcode under its field, keeps every service listed and toasts nothing', async () => {
    serve(() => json(400, { error: 'Enter a valid Australian postcode', code: 'VALIDATION' }));
    renderPage();
    await screen.findByText('2 services');

    await searchPostcode('0000');
    expect(await screen.findByText('Enter a valid Australian postcode')).toBeInTheDocument();
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'All services' })).toBeInTheDocument();
    expect(screen.getByText('2 services')).toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveTextContent('none yet');
  });

  it("toasts a local search that fails, with the server's reason", async () => {
    serve(() => json(503, { error: 'The service is down.', code: 'UNAVAILABLE' }));
    renderPage();
    await screen.findByText('2 services');

    await searchPostcode('3011');
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'Failed to fetch local resources / The service is down.',
      ),
    );
    expect(screen.getByLabelText('Postcode')).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('service card', () => {
  it('shows the first three eligibility points, the website and a details button', async () => {
    const onDetails = vi.fn();
    render(<ServiceCard service={medicare} onDetails={onDetails} />);
    const eligibility = screen.getByRole('list', { name: 'Who it is for' });
    expect(
      within(eligibility)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Permanent residents', 'Citizens', 'Some visa holders']);
    expect(screen.getByRole('link', { name: /Visit Website/ })).toHaveAttribute(
      'href',
      'https://www.servicesaustralia.gov.au/medicare',
    );
    await userEvent.click(screen.getByRole('button', { name: 'View Details: Medicare' }));
    expect(onDetails).toHaveBeenCalledOnce();
  });
});
