import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RESOURCE_PAGE_SIZE,
  localResourcesResponseSchema,
  type LocalResource,
} from '../../../shared/schemas/resources';
import { setLanguage } from '../../lib/i18n';
import type { Origin } from '../../lib/resources';
import { toast } from '../../lib/toast';
import { json, renderWithApp, stubFetch } from '../../test/helpers';
import { LocationPanel } from './location-panel';
import { ResourcesPage } from './resources-page';

const legalAid: LocalResource = {
  id: 'tas-legal-aid',
  name: 'Legal Aid Commission of Tasmania',
  category: 'legal',
  description: 'Free legal help.',
  address: '158 Liverpool Street, Hobart TAS 7000',
  phone: '1300 366 611',
  website: 'https://www.legalaid.tas.gov.au/',
  hours: 'Mon–Fri 9am–5pm',
  distance: 0.4,
  services: ['Family law', 'Criminal law', 'Tenancy', 'Migration'],
  supportedLanguages: ['English', 'Interpreter on request'],
  suburb: 'Hobart',
  state: 'TAS',
  postcode: '7000',
  source: 'https://www.legalaid.tas.gov.au/about',
  lastReviewed: '2026-03-03',
};

/** The answers as the server gives them, checked against the shared schema so a change of shape fails here. */
const hobart = localResourcesResponseSchema.parse({
  place: { postcode: '7000', locality: 'Hobart', state: 'TAS' },
  requestedRadiusKm: 10,
  radiusKm: 10,
  counts: { all: 1, legal: 1 },
  resources: [legalAid],
  total: 1,
  page: 1,
  pageSize: 1,
});

/** The whole directory: 23 organisations, 20 a page; their descriptions say which language they are in. */
const DIRECTORY_TOTAL = 23;
function directoryEntry(index: number, lang: string): LocalResource {
  return {
    ...legalAid,
    id: `org-${index}`,
    name: `Organisation ${index}`,
    category: 'community',
    description: lang === 'vi' ? `Mô tả ${index}.` : `Description ${index}.`,
    distance: null,
    phone: null,
    website: null,
    hours: null,
    services: [],
    supportedLanguages: [],
    state: 'NSW',
  };
}

/** What `GET /api/resources` answers when browsing, for the query of `url`. */
function directoryAnswer(url: string) {
  const query = new URL(url, 'http://localhost').searchParams;
  const lang = query.get('lang') ?? 'en';
  const page = Number(query.get('page') ?? 1);
  if (query.get('state') === 'TAS')
    return localResourcesResponseSchema.parse({
      place: null,
      requestedRadiusKm: null,
      radiusKm: null,
      counts: { all: 1, legal: 1 },
      resources: [
        lang === 'vi'
          ? { ...legalAid, description: 'Trợ giúp pháp lý miễn phí.', distance: null }
          : { ...legalAid, distance: null },
      ],
      total: 1,
      page: 1,
      pageSize: RESOURCE_PAGE_SIZE,
    });
  const first = (page - 1) * RESOURCE_PAGE_SIZE;
  const count = Math.max(0, Math.min(RESOURCE_PAGE_SIZE, DIRECTORY_TOTAL - first));
  return localResourcesResponseSchema.parse({
    place: null,
    requestedRadiusKm: null,
    radiusKm: null,
    counts: { all: DIRECTORY_TOTAL, community: DIRECTORY_TOTAL },
    resources: Array.from({ length: count }, (_, i) => directoryEntry(first + i + 1, lang)),
    total: DIRECTORY_TOTAL,
    page,
    pageSize: RESOURCE_PAGE_SIZE,
  });
}

/** Browsing when neither a position nor a postcode is asked for; `hobart` otherwise. */
function serveDirectory() {
  return stubFetch((url) => json(200, /[?&](postcode|lat)=/.test(url) ? hobart : directoryAnswer(url)));
}

function renderPage(path = '/resources') {
  toast({ title: 'none yet' });
  return renderWithApp(<ResourcesPage />, { path });
}

async function searchPostcode(postcode: string) {
  await userEvent.type(screen.getByLabelText('Or enter a postcode'), postcode);
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
}

describe('resources page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => setLanguage('en'));
  });

  it('lists the organisations near a postcode, with distance, address, languages and source', async () => {
    const fetch = stubFetch(() => json(200, hobart));
    renderPage();
    expect(screen.getByText(/^Share your location, enter a postcode or choose a city/)).toBeInTheDocument();

    await searchPostcode('7000');
    expect(await screen.findByRole('heading', { name: 'Hobart, TAS 7000' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/resources?postcode=7000&lang=en', expect.anything());
    const card = screen.getByRole('article', { name: 'Legal Aid Commission of Tasmania' });
    expect(within(card).getByText('0.4 km away')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /opens a map/ })).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Legal Aid Commission of Tasmania, 158 Liverpool Street, Hobart TAS 7000')}`,
    );
    expect(within(card).getByText('158 Liverpool Street, Hobart TAS 7000 (opens a map)')).toBeInTheDocument();
    expect(within(card).getByText('English, Interpreter on request')).toBeInTheDocument();
    expect(within(card).getByText('Mon–Fri 9am–5pm')).toBeInTheDocument();
    expect(within(card).getByText('+1 more')).toBeInTheDocument();
    expect(within(card).getByText(/checked 3 March 2026/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /^Source: legalaid\.tas\.gov\.au/ })).toHaveAttribute(
      'href',
      'https://www.legalaid.tas.gov.au/about',
    );
    expect(card).not.toHaveTextContent(/rating|★/i);
  });

  it('asks again in Vietnamese when the reader switches language', async () => {
    const fetch = stubFetch((url) =>
      json(
        200,
        url.endsWith('lang=vi')
          ? { ...hobart, resources: [{ ...legalAid, description: 'Trợ giúp pháp lý miễn phí.' }] }
          : hobart,
      ),
    );
    renderPage();
    await searchPostcode('7000');
    expect(await screen.findByText('Free legal help.')).toBeInTheDocument();

    act(() => setLanguage('vi'));
    expect(await screen.findByText('Trợ giúp pháp lý miễn phí.')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/resources?postcode=7000&lang=vi', expect.anything());
    expect(screen.getByText('Cách 0,4 km')).toBeInTheDocument();
  });

  it('shows a refused postcode under its field and toasts nothing', async () => {
    stubFetch(() => json(400, { error: 'Enter a valid Australian postcode', code: 'VALIDATION' }));
    renderPage();

    await searchPostcode('0000');
    expect(await screen.findByText('Enter a valid Australian postcode')).toBeInTheDocument();
    expect(screen.getByLabelText('Or enter a postcode')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('toast')).toHaveTextContent('none yet');
  });

  it("toasts a directory that cannot be reached, with the server's reason", async () => {
    stubFetch(() => json(503, { error: 'Down', code: 'UNAVAILABLE' }));
    renderPage();

    await userEvent.click(screen.getByRole('button', { name: 'Sydney' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Failed to get location details / Down'),
    );
    expect(screen.getByLabelText('Or enter a postcode')).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('browsing the whole directory', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => setLanguage('en'));
  });

  async function browse() {
    await userEvent.click(screen.getByRole('button', { name: 'Browse all resources' }));
    expect(await screen.findByText('Showing 20 of 23')).toBeInTheDocument();
  }

  it('lists the directory a page at a time, without distances, and moves focus to the next page', async () => {
    const fetch = serveDirectory();
    renderPage();
    await browse();
    expect(fetch).toHaveBeenCalledWith('/api/resources?lang=en', expect.anything());
    expect(screen.getByRole('heading', { name: 'All resources' })).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'All states and territories' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.queryByText(/km away/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Community (23)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show 3 more' }));
    expect(await screen.findByText('Showing 23 of 23')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/resources?page=2&lang=en', expect.anything());
    expect(screen.getAllByRole('article')).toHaveLength(23);
    await waitFor(() => expect(screen.getByRole('article', { name: 'Organisation 21' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).not.toBeInTheDocument();
  });

  it('filters by state and category', async () => {
    const fetch = serveDirectory();
    renderPage();
    await browse();

    await userEvent.selectOptions(screen.getByLabelText('State or territory'), 'TAS');
    expect(await screen.findByText('Showing 1 of 1')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/resources?state=TAS&lang=en', expect.anything());
    expect(screen.getByRole('heading', { level: 2, name: 'Tasmania' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Legal Aid Commission of Tasmania' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Legal (1)' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/resources?state=TAS&category=legal&lang=en',
        expect.anything(),
      ),
    );
    expect(screen.getByRole('button', { name: 'Legal (1)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks for every opened page again in Vietnamese when the reader switches language', async () => {
    const fetch = serveDirectory();
    renderPage();
    await browse();
    await userEvent.click(screen.getByRole('button', { name: 'Show 3 more' }));
    expect(await screen.findByText('Showing 23 of 23')).toBeInTheDocument();

    act(() => setLanguage('vi'));
    expect(await screen.findByText('Mô tả 1.')).toBeInTheDocument();
    expect(await screen.findByText('Mô tả 23.')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/resources?lang=vi', expect.anything());
    expect(fetch).toHaveBeenCalledWith('/api/resources?page=2&lang=vi', expect.anything());
    expect(screen.getByText('Đang hiển thị 23 trên 23')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tất cả bang và vùng lãnh thổ' })).toBeInTheDocument();
    expect(screen.queryByText('Description 1.')).not.toBeInTheDocument();
  });

  it('opens the filtered list a link or a reload names, ignoring filters it does not know', async () => {
    const fetch = serveDirectory();
    renderPage('/resources?view=all&state=TAS&category=nonsense');
    expect(await screen.findByText('Showing 1 of 1')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/resources?state=TAS&lang=en', expect.anything());
    expect(screen.getByLabelText('State or territory')).toHaveValue('TAS');
    expect(screen.getByRole('button', { name: 'All (1)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when a state has nothing of a kind', async () => {
    stubFetch((url) =>
      json(
        200,
        localResourcesResponseSchema.parse({
          ...directoryAnswer(url),
          counts: { all: 0 },
          resources: [],
          total: 0,
        }),
      ),
    );
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Browse all resources' }));
    expect(await screen.findByRole('heading', { name: 'No resources found' })).toBeInTheDocument();
    expect(screen.getByText(/nothing of this kind here yet/)).toBeInTheDocument();
  });

  it('goes back to searching near a place, where the last search is kept', async () => {
    serveDirectory();
    renderPage();
    await searchPostcode('7000');
    await screen.findByRole('heading', { name: 'Hobart, TAS 7000' });
    await browse();

    await userEvent.click(screen.getByRole('button', { name: 'Search near a place' }));
    expect(screen.getByRole('heading', { name: 'Your location' })).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Hobart, TAS 7000' })).toBeInTheDocument();
    expect(screen.getByLabelText('Or enter a postcode')).toHaveValue('7000');
  });
});

/** The location card alone, before any search. */
function renderPanel(onOrigin: (origin: Origin) => void) {
  render(
    <LocationPanel
      origin={null}
      onOrigin={onOrigin}
      answer={undefined}
      postcodeError={undefined}
      onBrowse={() => {}}
    />,
  );
}

describe('location panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains a denied permission and offers to try again', async () => {
    vi.stubGlobal('navigator', {
      geolocation: {
        getCurrentPosition: (_found: PositionCallback, failed: PositionErrorCallback) =>
          failed({
            code: 1,
            PERMISSION_DENIED: 1,
            POSITION_UNAVAILABLE: 2,
            TIMEOUT: 3,
          } as GeolocationPositionError),
      },
    });
    const onOrigin = vi.fn();
    renderPanel(onOrigin);
    await userEvent.click(screen.getByRole('button', { name: 'Share my location' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Location access denied. Please enable location permissions.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(onOrigin).not.toHaveBeenCalled();
  });

  it('searches a city by its postcode and fills the field with it', async () => {
    const onOrigin = vi.fn();
    renderPanel(onOrigin);
    await userEvent.click(screen.getByRole('button', { name: 'Darwin' }));
    expect(onOrigin).toHaveBeenCalledWith({ postcode: '0800' });
    expect(screen.getByLabelText('Or enter a postcode')).toHaveValue('0800');
  });
});
