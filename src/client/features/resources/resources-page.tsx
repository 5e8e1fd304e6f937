import '../../lib/page-texts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Clock, ExternalLink, Languages, LocateFixed, MapPin, Phone } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  LOCAL_CATEGORIES,
  type LocalResource,
  type LocalResourcesResponse,
} from '../../../shared/schemas/resources';
import {
  EmergencyNumbers,
  Fact,
  HELP_STALE_MS,
  HelpCategoryBadge,
  languageList,
  PhoneLink,
} from '../../components/find-help';
import { Page } from '../../components/page';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { ApiError, api, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';

/** Spec §9: high accuracy, 10 s timeout, a cached position up to 5 minutes old. */
const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 300_000,
};
const SERVICES_SHOWN = 3;
const SKELETON_CARDS = 3;

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

type Origin = { lat: number; lng: number } | { postcode: string };
type GeoError = 'notSupported' | 'denied' | 'unavailable' | 'timeout' | 'failed';

function geoErrorKey(error: GeolocationPositionError): GeoError {
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return 'denied';
    case error.POSITION_UNAVAILABLE:
      return 'unavailable';
    case error.TIMEOUT:
      return 'timeout';
    default:
      return 'failed';
  }
}

/** A map search for the place, which opens the map app on a phone. */
function mapUrl(name: string, address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${name}, ${address}`)}`;
}

function ResourceCard({ resource }: { resource: LocalResource }) {
  const { t, locale } = useTranslation();
  const address = `${resource.address}, ${resource.suburb} ${resource.state} ${resource.postcode}`;
  const more = resource.services.length - SERVICES_SHOWN;
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <HelpCategoryBadge category={resource.category} />
        <span className="text-sm font-semibold text-slate-800">
          {t('resources.distance', {
            km: formatNumber(resource.distanceKm, locale),
          })}
        </span>
      </div>
      <h3 className="text-lg font-semibold text-slate-900">{resource.name}</h3>
      <p className="text-slate-700">{resource.description[locale]}</p>
      <div className="space-y-1.5">
        <Fact icon={<MapPin className="h-4 w-4" />} label={t('government.location')}>
          <a
            href={mapUrl(resource.name, address)}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-700 underline"
          >
            {t('resources.mapLink', { address })}
          </a>
        </Fact>
        {resource.phone && (
          <Fact icon={<Phone className="h-4 w-4" />} label={t('government.phone')}>
            <PhoneLink phone={resource.phone} />
          </Fact>
        )}
        {resource.website && (
          <Fact icon={<ExternalLink className="h-4 w-4" />} label={t('resources.website')}>
            <a
              href={resource.website}
              target="_blank"
              rel="noopener noreferrer"
              className="break-all text-brand-700 underline"
            >
              {resource.website.replace(/^https:\/\/(www\.)?/, '').replace(/\/$/, '')}
              <span className="sr-only"> {t('nav.opensInNewTab')}</span>
            </a>
          </Fact>
        )}
        {resource.hours && (
          <Fact icon={<Clock className="h-4 w-4" />} label={t('government.hours')}>
            {resource.hours[locale]}
          </Fact>
        )}
        {resource.languages && resource.languages.length > 0 && (
          <Fact icon={<Languages className="h-4 w-4" />} label={t('government.languages')}>
            {languageList(resource.languages, locale)}
          </Fact>
        )}
      </div>
      {resource.services.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('resources.services')}>
          {resource.services.slice(0, SERVICES_SHOWN).map((service) => (
            <li key={service.en} className="rounded-md bg-slate-100 px-2 py-1 text-sm text-slate-800">
              {service[locale]}
            </li>
          ))}
          {more > 0 && (
            <li className="px-1 py-1 text-sm text-slate-700">
              {t('resources.moreServices', { count: more })}
            </li>
          )}
        </ul>
      )}
    </Card>
  );
}

function AreaMessage({ data }: { data: LocalResourcesResponse }) {
  const { t } = useTranslation();
  if (data.radiusKm === null)
    return data.place ? (
      <>{t('resources.stateWide', { state: t(`help.states.${data.place.state}`) })}</>
    ) : null;
  if (data.radiusKm > data.requestedRadiusKm)
    return <>{t('resources.widened', { requested: data.requestedRadiusKm, km: data.radiusKm })}</>;
  return <>{t('resources.within', { km: data.radiusKm })}</>;
}

export function ResourcesPage() {
  const { t } = useTranslation();
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<GeoError | null>(null);
  const [postcode, setPostcode] = useState('');
  const [category, setCategory] = useState('all');

  const query = useQuery({
    queryKey: ['resources', origin, category],
    queryFn: () => {
      const params = new URLSearchParams();
      if (origin && 'postcode' in origin) params.set('postcode', origin.postcode);
      else if (origin) {
        params.set('lat', origin.lat.toFixed(5));
        params.set('lng', origin.lng.toFixed(5));
      }
      if (category !== 'all') params.set('category', category);
      return api<LocalResourcesResponse>(`/api/resources?${params.toString()}`);
    },
    enabled: origin !== null,
    placeholderData: keepPreviousData,
    staleTime: HELP_STALE_MS,
  });

  const postcodeError =
    origin && 'postcode' in origin && query.error instanceof ApiError && query.error.status === 400
      ? query.error.message
      : undefined;
  useEffect(() => {
    if (query.isError && !postcodeError)
      toast({
        title: t('resources.detailsFailed'),
        description: errorMessage(query.error),
        variant: 'destructive',
      });
  }, [query.isError, query.error, postcodeError, t]);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setGeoError('notSupported');
      return;
    }
    setLocating(true);
    setGeoError(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setOrigin({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (error) => {
        setLocating(false);
        setGeoError(geoErrorKey(error));
      },
      GEOLOCATION_OPTIONS,
    );
  };
  const searchPostcode = (event: FormEvent) => {
    event.preventDefault();
    const value = postcode.trim();
    if (value) setOrigin({ postcode: value });
  };

  const located = origin !== null && 'lat' in origin;
  const data = postcodeError ? undefined : query.data;
  const place = data?.place;

  return (
    <Page title={t('frames.resourcesTitle')} lead={t('frames.resourcesText')}>
      <EmergencyNumbers />
      <div className="space-y-6">
        <Card>
          <h2 className="text-xl font-semibold text-slate-900">{t('resources.locationTitle')}</h2>
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
              {!locating && located && data && !place && t('resources.outside')}
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

          <h3 className="mt-5 text-sm font-medium text-slate-800">{t('resources.browseByCity')}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {CITIES.map((city) => (
              <li key={city.postcode}>
                <button
                  type="button"
                  onClick={() => {
                    setPostcode(city.postcode);
                    setOrigin({ postcode: city.postcode });
                  }}
                  aria-pressed={origin !== null && 'postcode' in origin && origin.postcode === city.postcode}
                  className="rounded-full bg-white px-3 py-1.5 text-sm text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 aria-pressed:bg-brand-700 aria-pressed:text-white aria-pressed:ring-brand-700"
                >
                  {city.name}
                </button>
              </li>
            ))}
          </ul>
        </Card>

        {origin === null ? (
          <p className="text-slate-700">{t('resources.start')}</p>
        ) : (
          <section aria-labelledby="resources-results" aria-busy={query.isFetching}>
            <h2 id="resources-results" className="text-xl font-semibold text-slate-900">
              {place && 'postcode' in origin
                ? t('resources.nearPostcode', { ...place })
                : place
                  ? t('resources.near', { locality: place.locality, state: place.state })
                  : t('frames.resourcesTitle')}
            </h2>
            {data && (
              <p className="mt-1 text-slate-700" role="status">
                <AreaMessage data={data} />
              </p>
            )}

            {data && (
              <div className="mt-4" role="group" aria-label={t('resources.categories')}>
                <ul className="flex flex-wrap gap-2">
                  {['all', ...LOCAL_CATEGORIES].map((slug) => (
                    <li key={slug}>
                      <button
                        type="button"
                        aria-pressed={category === slug}
                        onClick={() => setCategory(slug)}
                        className={cn(
                          'rounded-full px-3 py-1.5 text-sm ring-1',
                          category === slug
                            ? 'bg-brand-700 text-white ring-brand-700'
                            : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
                        )}
                      >
                        {slug === 'all' ? t('resources.all') : t(`help.categories.${slug}`)} (
                        {data.counts[slug] ?? 0})
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}

            <div className="mt-4 grid gap-4 md:grid-cols-2">
              {query.isPending &&
                !postcodeError &&
                Array.from({ length: SKELETON_CARDS }, (_, i) => (
                  <Skeleton key={i} className="h-56 w-full rounded-xl" />
                ))}
              {data?.resources.map((resource) => (
                <ResourceCard key={resource.id} resource={resource} />
              ))}
            </div>
            {data?.resources.length === 0 && (
              <Card className="mt-4 text-center">
                <h3 className="text-lg font-semibold text-slate-900">{t('resources.emptyTitle')}</h3>
                <p className="mt-1 text-slate-700">{t('resources.emptyText')}</p>
                <Link to="/government" className={cn(buttonClasses('secondary'), 'mt-4')}>
                  {t('resources.governmentLink')}
                </Link>
              </Card>
            )}
          </section>
        )}
      </div>
    </Page>
  );
}
