import { List, LocateFixed } from 'lucide-react';
import { useState, type FormEvent, type Ref } from 'react';
import type { LocalResourcesResponse } from '../../../shared/schemas/resources';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { useTranslation } from '../../lib/i18n';
import type { Origin } from '../../data/resources';
import { useGeolocation } from './use-geolocation';

/** Capital cities and regional centres, by the postcode of their centre. */
const CITIES = [
  { name: 'Sydney', postcode: '2000' },
  { name: 'Melbourne', postcode: '3000' },
  { name: 'Brisbane', postcode: '4000' },
  { name: 'Perth', postcode: '6000' },
  { name: 'Adelaide', postcode: '5000' },
  { name: 'Hobart', postcode: '7000' },
  { name: 'Canberra', postcode: '2601' },
  { name: 'Darwin', postcode: '0800' },
  { name: 'Newcastle', postcode: '2300' },
  { name: 'Wollongong', postcode: '2500' },
  { name: 'Geelong', postcode: '3220' },
  { name: 'Bendigo', postcode: '3550' },
  { name: 'Townsville', postcode: '4810' },
  { name: 'Cairns', postcode: '4870' },
  { name: 'Launceston', postcode: '7250' },
  { name: 'Alice Springs', postcode: '0870' },
] as const;

type LocationPanelProps = {
  origin: Origin | null;
  onOrigin: (origin: Origin) => void;
  /** The answer for the origin, once it has come; it names the nearest locality. */
  answer: LocalResourcesResponse | undefined;
  /** The server's word on a postcode it cannot place, shown under the field. */
  postcodeError: string | undefined;
  /** Leaves the search near a place for the whole directory. */
  onBrowse: () => void;
  /** The panel's heading, where focus comes back from browsing. */
  headingRef?: Ref<HTMLHeadingElement>;
};

function CityList({ origin, onCity }: { origin: Origin | null; onCity: (postcode: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <h3 className="mt-5 text-sm font-medium text-slate-800">{t('resources.browseByCity')}</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {CITIES.map((city) => (
          <li key={city.postcode}>
            <button
              type="button"
              onClick={() => onCity(city.postcode)}
              aria-pressed={origin !== null && 'postcode' in origin && origin.postcode === city.postcode}
              className="rounded-full bg-white px-3 py-1.5 text-sm text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 aria-pressed:bg-brand-700 aria-pressed:text-white aria-pressed:ring-brand-700"
            >
              {city.name}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The three ways to say where to look (the browser's position, a postcode, or a city), or browse them all. */
export function LocationPanel({
  origin,
  onOrigin,
  answer,
  postcodeError,
  onBrowse,
  headingRef,
}: LocationPanelProps) {
  const { t } = useTranslation();
  // Back from browsing, the field shows the postcode searched before.
  const [postcode, setPostcode] = useState(origin !== null && 'postcode' in origin ? origin.postcode : '');
  const { locating, geoError, locate } = useGeolocation(onOrigin);
  const located = origin !== null && 'lat' in origin;
  const place = answer?.place;

  const searchPostcode = (event: FormEvent) => {
    event.preventDefault();
    const value = postcode.trim();
    if (value) onOrigin({ postcode: value });
  };
  const chooseCity = (cityPostcode: string) => {
    setPostcode(cityPostcode);
    onOrigin({ postcode: cityPostcode });
  };

  return (
    <Card>
      <h2 ref={headingRef} tabIndex={-1} className="scroll-mt-40 text-xl font-semibold text-slate-900">
        {t('resources.locationTitle')}
      </h2>
      <p className="mt-1 text-slate-700">{t('resources.locationText')}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button onClick={locate} disabled={locating} variant={located ? 'secondary' : 'primary'}>
          <LocateFixed aria-hidden="true" className="h-5 w-5" />
          {locating
            ? t('resources.locating')
            : geoError
              ? t('resources.tryAgain')
              : located
                ? t('resources.update')
                : t('resources.share')}
        </Button>
        <p role="status" className="text-slate-800">
          {locating && t('resources.locating')}
          {!locating && located && place && (
            <strong>{t('resources.near', { locality: place.locality, state: place.state })}</strong>
          )}
          {!locating && located && answer && !place && t('resources.outside')}
        </p>
      </div>
      {geoError && (
        <p role="alert" className="mt-3 text-red-800">
          {t(`resources.${geoError}`)}
        </p>
      )}

      <form onSubmit={searchPostcode} className="mt-5 flex flex-wrap items-end gap-3" role="search">
        <Field
          className="w-48"
          label={t('resources.postcode')}
          placeholder={t('government.postcodePlaceholder')}
          value={postcode}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          error={postcodeError}
          onChange={(event) => setPostcode(event.target.value)}
          enterKeyHint="search"
        />
        <Button type="submit" variant="secondary" className={postcodeError ? 'mb-7' : undefined}>
          {t('resources.postcodeSearch')}
        </Button>
      </form>

      <CityList origin={origin} onCity={chooseCity} />

      <div className="mt-5 border-t border-slate-200 pt-4">
        <p className="text-slate-700">{t('resources.browseOffer')}</p>
        <Button variant="secondary" className="mt-3" onClick={onBrowse}>
          <List aria-hidden="true" className="h-5 w-5" />
          {t('resources.browseAll')}
        </Button>
      </div>
    </Card>
  );
}
