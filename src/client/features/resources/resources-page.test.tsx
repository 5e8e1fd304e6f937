import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalResourcesResponse } from '../../../shared/schemas/resources';
import { toast } from '../../lib/toast';
import { json, renderWithApp, stubFetch } from '../../test/helpers';
import { LocationPanel } from './location-panel';
import { ResourcesPage } from './resources-page';

const hobart: LocalResourcesResponse = {
  place: { postcode: '7000', locality: 'Hobart', state: 'TAS' },
  requestedRadiusKm: 10,
  radiusKm: 10,
  counts: { all: 1, legal: 1 },
  resources: [
    {
      id: 'tas-legal-aid',
      name: 'Legal Aid Commission of Tasmania',
      category: 'legal',
      description: { en: 'Free legal help.', vi: 'Trợ giúp pháp lý miễn phí.' },
      address: '158 Liverpool Street',
      suburb: 'Hobart',
      state: 'TAS',
      postcode: '7000',
      phone: '1300 366 611',
      services: [],
      source: 'https://www.legalaid.tas.gov.au/',
      distanceKm: 0.4,
    },
  ],
};

function renderPage() {
  toast({ title: 'none yet' });
  return renderWithApp(<ResourcesPage />, { path: '/resources' });
}

async function searchPostcode(postcode: string) {
  await userEvent.type(screen.getByLabelText('Or enter a postcode'), postcode);
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
}

describe('resources page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the organisations near a postcode', async () => {
    const fetch = stubFetch(() => json(200, hobart));
    renderPage();
    expect(screen.getByText(/^Share your location, enter a postcode or choose a city/)).toBeInTheDocument();

    await searchPostcode('7000');
    expect(await screen.findByRole('heading', { name: 'Hobart, TAS 7000' })).toBeInTheDocument();
    expect(screen.getByText('0.4 km away')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/resources?postcode=7000', expect.anything());
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
    render(<LocationPanel origin={null} onOrigin={onOrigin} answer={undefined} postcodeError={undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Share my location' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Location access denied. Please enable location permissions.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(onOrigin).not.toHaveBeenCalled();
  });

  it('searches a city by its postcode and fills the field with it', async () => {
    const onOrigin = vi.fn();
    render(<LocationPanel origin={null} onOrigin={onOrigin} answer={undefined} postcodeError={undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Darwin' }));
    expect(onOrigin).toHaveBeenCalledWith({ postcode: '0800' });
    expect(screen.getByLabelText('Or enter a postcode')).toHaveValue('0800');
  });
});
