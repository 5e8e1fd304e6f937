import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RESOURCE_PAGE_SIZE,
  localResourcesResponseSchema,
  type LocalResource,
} from '../../../shared/schemas/resources';
import { helpInLanguageResponseSchema } from '../../../shared/schemas/help-in-language';
import { setLanguage } from '../../lib/i18n';
import type { Origin } from '../../data/resources';
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
  spokenLanguages: ['English'],
  interpreterNotes: ['Interpreter on request'],
  suburb: 'Hobart',
  state: 'TAS',
  postcode: '7000',
  source: 'https://www.legalaid.tas.gov.au/about',
  lastReviewed: '2026-03-03',
  textLanguage: 'en',
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
    spokenLanguages: [],
    interpreterNotes: [],
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

/** What `GET /api/resources/in-language` answers: Tasmania has none of its own; TIS National for everyone. */
function inVietnamese(url: string) {
  const state = new URL(url, 'http://localhost').searchParams.get('state');
  return helpInLanguageResponseSchema.parse({
    language: 'Vietnamese',
    state,
    organisations:
      state === 'VIC' ? [{ ...legalAid, id: 'vca-vic', name: 'Cộng đồng Người Việt Victoria' }] : [],
    government: [],
    national: [
      {
        id: 'tis-national',
        title: 'TIS National – Dịch vụ Thông dịch và Phiên dịch',
        description: 'Gọi 131 450.',
        category: 'immigration',
        department: 'Department of Home Affairs',
        eligibility: [],
        contactInfo: { phone: '131 450', website: 'https://www.tisnational.gov.au/' },
        languages: ['Hơn 150 ngôn ngữ'],
        location: { state: 'national' },
        lastUpdated: '2026-11-23',
        source: 'https://www.tisnational.gov.au/en/Our-services',
        textLanguage: 'vi',
      },
    ],
  });
}

/** Browsing when neither a position nor a postcode is asked for; `hobart` otherwise. */
function serveDirectory() {
  return stubFetch((url) =>
    json(
      200,
      url.includes('/in-language')
        ? inVietnamese(url)
        : /[?&](postcode|lat)=/.test(url)
          ? hobart
          : directoryAnswer(url),
    ),
  );
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
    // Spoken there, and an interpreter on request: the card says which is which.
    expect(card).toHaveTextContent('Spoken here: English');
    expect(card).toHaveTextContent('Interpreting: Interpreter on request');
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
        url.includes('/in-language')
          ? inVietnamese(url)
          : url.endsWith('lang=vi')
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

describe('help in Vietnamese', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => setLanguage('en'));
  });

  it('comes first for a Vietnamese reader, for the state of the postcode searched, with the national lines', async () => {
    const fetch = stubFetch((url) => json(200, url.includes('/in-language') ? inVietnamese(url) : hobart));
    act(() => setLanguage('vi'));
    renderPage();
    const help = await screen.findByRole('region', { name: 'Giúp đỡ bằng tiếng Việt' });
    expect(
      await within(help).findByText('Hãy xin thông dịch viên tiếng Việt. Dịch vụ miễn phí.'),
    ).toBeInTheDocument();
    expect(within(help).getByRole('link', { name: '131 450' })).toHaveAttribute('href', 'tel:131450');
    expect(within(help).getByText(/Chọn tiểu bang hoặc lãnh thổ của bạn/)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Hoặc nhập mã bưu điện (postcode)'), '7000');
    await userEvent.click(screen.getByRole('button', { name: 'Tìm kiếm' }));
    expect(await within(help).findByRole('heading', { name: 'Tại Tasmania' })).toBeInTheDocument();
    expect(within(help).getByText(/chưa tìm thấy dịch vụ nào ở Tasmania/)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/resources/in-language?state=TAS&language=Vietnamese&lang=vi',
      expect.anything(),
    );

    await userEvent.selectOptions(within(help).getByLabelText('Bang hoặc vùng lãnh thổ nơi bạn sống'), 'VIC');
    expect(await within(help).findByRole('link', { name: 'Cộng đồng Người Việt Victoria' })).toHaveAttribute(
      'href',
      '/resources/vca-vic',
    );
  });

  it('is not shown to a reader of the English pages', async () => {
    const fetch = stubFetch(() => json(200, hobart));
    renderPage();
    await screen.findByRole('heading', { name: 'Your location' });
    expect(screen.queryByRole('region', { name: 'Help in Vietnamese' })).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('/in-language'), expect.anything());
  });
});

describe('My list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.removeItem('mentorme.myList');
  });

  it('saves an organisation on the device and shows it again, today’s card or a note that it is gone', async () => {
    const fetch = stubFetch((url) =>
      url.startsWith('/api/resources/gone-org')
        ? json(404, { error: 'This directory entry was not found.' })
        : json(200, url.startsWith('/api/resources/tas-legal-aid') ? legalAid : hobart),
    );
    localStorage.setItem('mentorme.myList', JSON.stringify([{ id: 'gone-org', name: 'Closed Centre' }]));
    renderPage();
    await searchPostcode('7000');
    const card = await screen.findByRole('article', { name: 'Legal Aid Commission of Tasmania' });
    const save = within(card).getByRole('button', { name: /Save to My List/ });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(save);
    expect(within(card).getByRole('button', { name: /Saved/ })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'My List (2)' }));
    expect(screen.getByRole('heading', { name: 'My list' })).toHaveFocus();
    expect(
      await screen.findByRole('article', { name: 'Legal Aid Commission of Tasmania' }),
    ).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/resources/tas-legal-aid?lang=en', expect.anything());
    expect(await screen.findByText('Closed Centre is no longer in our directory.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove: Closed Centre' }));
    expect(screen.queryByText(/Closed Centre/)).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('mentorme.myList')!)).toEqual([
      { id: 'tas-legal-aid', name: 'Legal Aid Commission of Tasmania' },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Clear My List' }));
    expect(screen.getByText(/Nothing saved yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Searching' }));
    expect(screen.getByRole('heading', { name: 'Your location' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: /My List \(/ })).not.toBeInTheDocument();
  });
});

describe('browsing the whole directory', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => setLanguage('en'));
  });

  async function browse() {
    await userEvent.click(screen.getByRole('button', { name: 'Browse All Resources' }));
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

    await userEvent.click(screen.getByRole('button', { name: 'Show 3 More' }));
    expect(await screen.findByText('Showing 23 of 23')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/resources?page=2&lang=en', expect.anything());
    expect(screen.getAllByRole('article')).toHaveLength(23);
    await waitFor(() => expect(screen.getByRole('article', { name: 'Organisation 21' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: /^Show \d+ More$/ })).not.toBeInTheDocument();
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

  it('searches by name, service or suburb and filters by a language spoken, all kept in the address', async () => {
    const fetch = serveDirectory();
    renderPage();
    await browse();
    const language = screen.getByLabelText('Language spoken');
    const options = within(language).getAllByRole('option');
    expect(options.slice(0, 2).map((option) => option.textContent)).toEqual(['Any language', 'Vietnamese']);
    expect(options.at(-1)).toHaveTextContent('An interpreter is offered');
    await userEvent.selectOptions(language, 'Vietnamese');
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/api/resources?language=Vietnamese&lang=en', expect.anything()),
    );
    await userEvent.type(screen.getByLabelText('Search by name, service or suburb'), ' legal aid {enter}');
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/resources?q=legal+aid&language=Vietnamese&lang=en',
        expect.anything(),
      ),
    );
  });

  it('asks for every opened page again in Vietnamese when the reader switches language', async () => {
    const fetch = serveDirectory();
    renderPage();
    await browse();
    await userEvent.click(screen.getByRole('button', { name: 'Show 3 More' }));
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
    await userEvent.click(screen.getByRole('button', { name: 'Browse All Resources' }));
    expect(await screen.findByRole('heading', { name: 'No resources found' })).toBeInTheDocument();
    expect(screen.getByText(/nothing of this kind here yet/)).toBeInTheDocument();
  });

  it('goes back to searching near a place, where the last search is kept', async () => {
    serveDirectory();
    renderPage();
    await searchPostcode('7000');
    await screen.findByRole('heading', { name: 'Hobart, TAS 7000' });
    await browse();

    await userEvent.click(screen.getByRole('button', { name: 'Search Near a Place' }));
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
    await userEvent.click(screen.getByRole('button', { name: 'Share My Location' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Location access denied. Please enable location permissions.',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
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
