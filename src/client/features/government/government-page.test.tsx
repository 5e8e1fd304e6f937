import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  governmentResourcesResponseSchema,
  localGovernmentResponseSchema,
  type GovernmentResource,
} from '../../../shared/schemas/resources';
import { setLanguage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { json, renderWithApp, stubFetch } from '../../test/helpers';
import { GovernmentPage } from './government-page';
import { ServiceCard } from './service-card';

const medicare: GovernmentResource = {
  id: 'medicare',
  title: 'Medicare',
  description: 'Public health cover.',
  category: 'healthcare',
  department: 'Services Australia',
  eligibility: ['Permanent residents', 'Citizens', 'Some visa holders', 'Visitors from reciprocal countries'],
  contactInfo: { phone: '13 20 11', website: 'https://www.servicesaustralia.gov.au/medicare' },
  operatingHours: 'Mon–Fri 8am–5pm',
  languages: ['English'],
  location: { state: 'national' },
  source: 'https://www.servicesaustralia.gov.au/medicare',
  lastUpdated: '2026-11-01',
  textLanguage: 'en',
};
const housing: GovernmentResource = {
  ...medicare,
  id: 'homes-vic',
  title: 'Homes Victoria',
  category: 'housing',
  department: 'Homes Victoria',
  eligibility: [],
  contactInfo: { email: 'housing@example.vic.gov.au' },
  location: { state: 'VIC', city: 'Melbourne' },
};
/** The answers as the server gives them, checked against the shared schema so a change of shape fails here. */
const everyService = {
  en: governmentResourcesResponseSchema.parse({ resources: [medicare, housing] }),
  vi: governmentResourcesResponseSchema.parse({
    resources: [
      {
        ...medicare,
        title: 'Medicare (bảo hiểm y tế)',
        description: 'Bảo hiểm y tế công.',
        eligibility: ['Thường trú nhân', 'Công dân'],
        operatingHours: 'Thứ Hai–Thứ Sáu 8 giờ–17 giờ',
        languages: ['Tiếng Anh'],
      },
      { ...housing, description: 'Nhà ở xã hội.' },
    ],
  }),
};
const footscray = localGovernmentResponseSchema.parse({
  place: { postcode: '3011', locality: 'Footscray', state: 'VIC' },
  resources: [housing],
});

/** The government endpoints; `local` answers every postcode search. */
function serve(local: (postcode: string) => Response) {
  return stubFetch((url) => {
    if (url === '/api/government/status') return json(200, { services: [] });
    if (url.startsWith('/api/government/resources'))
      return json(200, url.endsWith('lang=vi') ? everyService.vi : everyService.en);
    const postcode = /^\/api\/government\/local\/(\d+)/.exec(url)?.[1];
    if (postcode) return local(postcode);
    return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
  });
}

function renderPage(path = '/government') {
  toast({ title: 'none yet' });
  return renderWithApp(<GovernmentPage />, { path });
}

async function searchPostcode(postcode: string) {
  await userEvent.type(screen.getByLabelText('Postcode'), postcode);
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
}

describe('government page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => setLanguage('en'));
  });

  it('lists every service, then the services of a postcode, asking in the reader’s language', async () => {
    const fetch = serve(() => json(200, footscray));
    renderPage();
    expect(await screen.findByText('2 services')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All services' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/government/resources?lang=en', expect.anything());

    await userEvent.selectOptions(screen.getByLabelText('Category'), 'housing');
    await searchPostcode('3011');
    const heading = await screen.findByRole('heading', { name: 'Services for Footscray, VIC 3011' });
    // The results are shown and announced: their heading takes focus, the count is in the polite live region.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('1 service');
    // The cards draw in a transition, just after the heading.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Homes Victoria'),
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/government/local/3011?category=housing&lang=en',
      expect.anything(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show All Services' }));
    expect(await screen.findByRole('heading', { name: 'All services' })).toBeInTheDocument();
  });

  it('sends the filters chosen, and asks again in Vietnamese when the reader switches', async () => {
    const fetch = serve(() => json(200, footscray));
    renderPage();
    await screen.findByText('2 services');
    await userEvent.type(screen.getByLabelText('Keyword'), 'medicare');
    await userEvent.selectOptions(screen.getByLabelText('State or territory'), 'TAS');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/government/resources?keyword=medicare&state=TAS&lang=en',
        expect.anything(),
      ),
    );

    act(() => setLanguage('vi'));
    expect(await screen.findByRole('heading', { name: 'Medicare (bảo hiểm y tế)' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/government/resources?keyword=medicare&state=TAS&lang=vi',
      expect.anything(),
    );
    expect(screen.getByText('Bảo hiểm y tế công.')).toBeInTheDocument();
    expect(screen.getByText(/Thứ Hai–Thứ Sáu 8 giờ–17 giờ/)).toBeInTheDocument();
    expect(screen.getByText(/Tiếng Anh/)).toBeInTheDocument();
  });

  it('shows a refused postcode under its field, keeps every service listed and toasts nothing', async () => {
    serve(() => json(400, { error: 'Enter a valid Australian postcode', code: 'VALIDATION' }));
    renderPage();
    await screen.findByText('2 services');

    await searchPostcode('0000');
    expect(await screen.findByText('Enter a valid Australian postcode')).toBeInTheDocument();
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'All services' })).toBeInTheDocument();
    expect(await screen.findByText('2 services')).toBeInTheDocument();
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
  it('shows the first three eligibility points, the contact facts, the website and a details button', async () => {
    const onDetails = vi.fn();
    render(<ServiceCard service={medicare} onDetails={onDetails} />);
    const eligibility = screen.getByRole('list', { name: 'Who it is for' });
    expect(
      within(eligibility)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Permanent residents', 'Citizens', 'Some visa holders']);
    expect(screen.getByRole('link', { name: '13 20 11' })).toHaveAttribute('href', 'tel:132011');
    expect(screen.getByText('Mon–Fri 8am–5pm')).toBeInTheDocument();
    expect(screen.getByText('English')).toBeInTheDocument();
    expect(screen.getByText('Last updated 1 November 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Visit Website/ })).toHaveAttribute(
      'href',
      'https://www.servicesaustralia.gov.au/medicare',
    );
    await userEvent.click(screen.getByRole('button', { name: 'View Details: Medicare' }));
    expect(onDetails).toHaveBeenCalledOnce();
  });
});

describe('long lists and failures', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** 45 services, numbered, as the server answers every general search. */
  const many = governmentResourcesResponseSchema.parse({
    resources: Array.from({ length: 45 }, (_, i) => ({
      ...medicare,
      id: `s-${i + 1}`,
      title: `Service ${i + 1}`,
    })),
  });

  it('shows ten results, then ten more on request, with focus on the first new one', async () => {
    stubFetch((url) => json(200, url === '/api/government/status' ? { services: [] } : many));
    renderPage();
    expect(await screen.findByText('Showing 10 of 45')).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'All services' });
    await waitFor(() => expect(within(results).getAllByRole('article')).toHaveLength(10));

    await userEvent.click(screen.getByRole('button', { name: 'Show 10 More' }));
    expect(await screen.findByText('Showing 20 of 45')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('article', { name: 'Service 11' })).toHaveFocus());
    // Opening more is not a search: the heading keeps still.
    expect(screen.getByRole('heading', { name: 'All services' })).not.toHaveFocus();
  });

  it('opens the search and the results a link or Back names, and the rest on request', async () => {
    const fetch = stubFetch((url) => json(200, url === '/api/government/status' ? { services: [] } : many));
    renderPage('/government?keyword=visa&state=VIC&shown=40');
    expect(await screen.findByText('Showing 40 of 45')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      expect.stringMatching(/^\/api\/government\/resources\?keyword=visa&state=VIC/),
      expect.anything(),
    );
    expect(screen.getByLabelText('Keyword')).toHaveValue('visa');
    expect(screen.getByLabelText('State or territory')).toHaveValue('VIC');
    await userEvent.click(screen.getByRole('button', { name: 'Show 5 More' }));
    expect(await screen.findByText('45 services')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Show \d+ More$/ })).not.toBeInTheDocument();
    // Forty-five cards drawn in steps take a few seconds in jsdom on a busy machine.
  }, 15_000);

  it('opens a postcode search a link names, with its words and category, without moving focus', async () => {
    const fetch = serve(() => json(200, footscray));
    renderPage('/government?keyword=rent&category=housing&postcode=3011');
    const heading = await screen.findByRole('heading', { name: 'Services for Footscray, VIC 3011' });
    expect(fetch).toHaveBeenCalledWith(
      '/api/government/local/3011?category=housing&keyword=rent&lang=en',
      expect.anything(),
    );
    expect(screen.getByLabelText('Postcode')).toHaveValue('3011');
    expect(heading).not.toHaveFocus();
    // The general results are not asked for while a postcode's are shown.
    expect(fetch).not.toHaveBeenCalledWith(expect.stringMatching(/\/resources/), expect.anything());
  });

  it('says where the results would be when they cannot be loaded, and asks again on Retry', async () => {
    let fail = true;
    stubFetch((url) => {
      if (url === '/api/government/status') return json(200, { services: [] });
      return fail ? json(503, { error: 'Unavailable.', code: 'UNAVAILABLE' }) : json(200, many);
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The services could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Showing 10 of 45')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
