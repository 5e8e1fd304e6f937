import '../../lib/page-texts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Clock, ExternalLink, Languages, Mail, MapPin, Phone } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import type { ServiceStatusItem } from '../../../shared/schemas/government';
import {
  AUS_STATES,
  GOVERNMENT_CATEGORIES,
  type GovernmentService,
  type ResolvedPlace,
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
import { Badge, Card, Skeleton } from '../../components/ui/card';
import { Field, SelectField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { toast } from '../../components/ui/toast-store';
import { ApiError, api, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDate, relativeTime } from '../../lib/format';
import { useTranslation, type TFunction } from '../../lib/i18n';

const STATUS_REFRESH_MS = 5 * 60_000;
const ELIGIBILITY_SHOWN = 3;
const SKELETON_CARDS = 6;
const DOTS: Record<ServiceStatusItem['status'], string> = {
  operational: 'bg-green-600',
  degraded: 'bg-yellow-500',
  outage: 'bg-red-600',
  unknown: 'bg-slate-400',
};

function StatusPanel() {
  const { t, locale } = useTranslation();
  const status = useQuery({
    queryKey: ['government', 'status'],
    queryFn: () => api<{ services: ServiceStatusItem[] }>('/api/government/status'),
    refetchInterval: STATUS_REFRESH_MS,
    staleTime: STATUS_REFRESH_MS,
  });
  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">{t('government.statusTitle')}</h2>
      <p className="mt-1 text-slate-700">{t('government.statusText')}</p>
      {status.isError && (
        <p role="alert" className="mt-3 text-red-800">
          {t('government.statusError')}
        </p>
      )}
      {status.isPending && <Skeleton className="mt-4 h-40 w-full" />}
      {status.data && (
        <ul className="mt-4 divide-y divide-slate-100">
          {status.data.services.map((service) => (
            <li key={service.id} className="py-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <a
                  href={service.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand-700 underline"
                >
                  {service.name}
                  <ExternalLink aria-hidden="true" className="ml-1 inline h-4 w-4" />
                  <span className="sr-only"> {t('nav.opensInNewTab')}</span>
                </a>
                <span className="flex items-center gap-2 text-sm text-slate-800">
                  <span aria-hidden="true" className={cn('h-3 w-3 rounded-full', DOTS[service.status])} />
                  {t(`government.${service.status}`)}
                  <span className="text-slate-600">
                    ·{' '}
                    {service.lastChecked
                      ? t('government.lastChecked', {
                          time: relativeTime(service.lastChecked, locale, t('time.justNow')),
                        })
                      : t('government.notChecked')}
                  </span>
                </span>
              </div>
              {service.note && (
                <p className="mt-1 text-sm text-amber-900">
                  <strong>{t('government.notice')}:</strong> {service.note}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function placeName(service: GovernmentService, t: TFunction): string {
  const state = t(`help.states.${service.location.state}`);
  return service.location.city ? `${service.location.city}, ${state}` : state;
}

/** Phone, email, hours, languages and place: what a card and its details share. */
function ContactFacts({ service }: { service: GovernmentService }) {
  const { t, locale } = useTranslation();
  const { phone, email } = service.contact;
  return (
    <div className="space-y-1.5">
      {phone && (
        <Fact icon={<Phone className="h-4 w-4" />} label={t('government.phone')}>
          <PhoneLink phone={phone} />
        </Fact>
      )}
      {email && (
        <Fact icon={<Mail className="h-4 w-4" />} label={t('government.email')}>
          <a href={`mailto:${email}`} className="break-all text-brand-700 underline">
            {email}
          </a>
        </Fact>
      )}
      {service.operatingHours && (
        <Fact icon={<Clock className="h-4 w-4" />} label={t('government.hours')}>
          {service.operatingHours[locale]}
        </Fact>
      )}
      <Fact icon={<Languages className="h-4 w-4" />} label={t('government.languages')}>
        {languageList(service.languages, locale)}
      </Fact>
      <Fact icon={<MapPin className="h-4 w-4" />} label={t('government.location')}>
        {placeName(service, t)}
      </Fact>
    </div>
  );
}

function WebsiteLink({ url }: { url: string | undefined }) {
  const { t } = useTranslation();
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'sm')}>
      {t('government.visitWebsite')}
      <ExternalLink aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">{t('nav.opensInNewTab')}</span>
    </a>
  );
}

function ServiceDetails({ service, onClose }: { service: GovernmentService; onClose: () => void }) {
  const { t, locale } = useTranslation();
  return (
    <Modal open onClose={onClose} title={service.title[locale]} description={service.description[locale]}>
      <div className="mt-4 space-y-4 overflow-y-auto">
        <div className="flex flex-wrap gap-2">
          <HelpCategoryBadge category={service.category} />
          <Badge>{service.department}</Badge>
        </div>
        {service.eligibility.length > 0 && (
          <div>
            <h3 className="font-semibold">{t('government.eligibility')}</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
              {service.eligibility.map((point) => (
                <li key={point.en}>{point[locale]}</li>
              ))}
            </ul>
          </div>
        )}
        <ContactFacts service={service} />
        <div className="flex flex-wrap gap-2">
          <WebsiteLink url={service.contact.website} />
        </div>
        <p className="text-sm text-slate-700">
          {t('government.source')}:{' '}
          <a href={service.source} target="_blank" rel="noopener noreferrer" className="break-all underline">
            {service.source}
          </a>
          <br />
          {t('government.lastUpdated', { date: formatDate(service.lastUpdated, locale) })}
        </p>
      </div>
    </Modal>
  );
}

function ServiceCard({ service, onDetails }: { service: GovernmentService; onDetails: () => void }) {
  const { t, locale } = useTranslation();
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <HelpCategoryBadge category={service.category} />
        <Badge>{service.department}</Badge>
      </div>
      <h3 className="text-lg font-semibold text-slate-900">{service.title[locale]}</h3>
      <p className="text-slate-700">{service.description[locale]}</p>
      {service.eligibility.length > 0 && (
        <ul
          className="list-disc space-y-1 pl-5 text-sm text-slate-800"
          aria-label={t('government.eligibility')}
        >
          {service.eligibility.slice(0, ELIGIBILITY_SHOWN).map((point) => (
            <li key={point.en}>{point[locale]}</li>
          ))}
        </ul>
      )}
      <ContactFacts service={service} />
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
        <WebsiteLink url={service.contact.website} />
        <Button variant="secondary" size="sm" onClick={onDetails}>
          {t('government.viewDetails')}
          <span className="sr-only">: {service.title[locale]}</span>
        </Button>
      </div>
      <p className="text-xs text-slate-600">
        {t('government.lastUpdated', { date: formatDate(service.lastUpdated, locale) })}
      </p>
    </Card>
  );
}

type GeneralSearch = { keyword: string; category: string; state: string };
type LocalSearch = { postcode: string; category: string };
type LocalAnswer = { place: ResolvedPlace; resources: GovernmentService[] };

/** "all" is no filter: it is never sent (spec). */
function queryString(params: Record<string, string>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value && value !== 'all') search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

function CategoryOptions({ allLabel }: { allLabel: string }) {
  const { t } = useTranslation();
  return (
    <>
      <option value="all">{allLabel}</option>
      {GOVERNMENT_CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {t(`help.categories.${category}`)}
        </option>
      ))}
    </>
  );
}

const EMPTY_SEARCH: GeneralSearch = { keyword: '', category: 'all', state: 'all' };

export function GovernmentPage() {
  const { t, locale } = useTranslation();
  const [draft, setDraft] = useState<GeneralSearch>(EMPTY_SEARCH);
  const [general, setGeneral] = useState<GeneralSearch>(EMPTY_SEARCH);
  const [localDraft, setLocalDraft] = useState<LocalSearch>({ postcode: '', category: 'all' });
  const [local, setLocal] = useState<LocalSearch | null>(null);
  const [details, setDetails] = useState<GovernmentService | null>(null);

  const generalQuery = useQuery({
    queryKey: ['government', 'resources', general, locale],
    queryFn: () =>
      api<{ resources: GovernmentService[] }>(`/api/government/resources${queryString(general)}`),
    placeholderData: keepPreviousData,
    staleTime: HELP_STALE_MS,
  });
  const localQuery = useQuery({
    queryKey: ['government', 'local', local, locale],
    queryFn: () =>
      api<LocalAnswer>(
        `/api/government/local/${encodeURIComponent(local!.postcode)}${queryString({ category: local!.category })}`,
      ),
    enabled: local !== null,
    staleTime: HELP_STALE_MS,
  });

  useEffect(() => {
    if (generalQuery.isError)
      toast({
        title: t('government.fetchFailed'),
        description: errorMessage(generalQuery.error),
        variant: 'destructive',
      });
  }, [generalQuery.isError, generalQuery.error, t]);
  const postcodeError =
    localQuery.error instanceof ApiError && localQuery.error.status === 400
      ? localQuery.error.message
      : undefined;
  useEffect(() => {
    if (localQuery.isError && !postcodeError)
      toast({
        title: t('government.localFetchFailed'),
        description: errorMessage(localQuery.error),
        variant: 'destructive',
      });
  }, [localQuery.isError, localQuery.error, postcodeError, t]);

  const submitGeneral = (event: FormEvent) => {
    event.preventDefault();
    setLocal(null);
    setGeneral({ ...draft, keyword: draft.keyword.trim() });
  };
  const submitLocal = (event: FormEvent) => {
    event.preventDefault();
    const postcode = localDraft.postcode.trim();
    if (!postcode) return; // spec: a blank postcode does not search
    setLocal({ postcode, category: localDraft.category });
  };
  const browseAll = () => {
    setDraft(EMPTY_SEARCH);
    setGeneral(EMPTY_SEARCH);
    setLocal(null);
    setLocalDraft({ postcode: '', category: 'all' });
  };

  // Local results replace the general ones whenever a postcode search is on (spec).
  const showingLocal = local !== null && !postcodeError;
  const active = showingLocal ? localQuery : generalQuery;
  const resources = showingLocal ? localQuery.data?.resources : generalQuery.data?.resources;
  const loading = active.isPending || (active.isFetching && !resources);
  const place = localQuery.data?.place;

  return (
    <Page title={t('frames.governmentTitle')} lead={t('frames.governmentText')}>
      <EmergencyNumbers />
      <div className="space-y-6">
        <StatusPanel />

        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <h2 className="text-xl font-semibold text-slate-900">{t('government.searchTitle')}</h2>
            <form onSubmit={submitGeneral} className="mt-4 space-y-3" role="search">
              <Field
                label={t('government.keyword')}
                placeholder={t('government.keywordPlaceholder')}
                value={draft.keyword}
                maxLength={200}
                onChange={(event) => setDraft({ ...draft, keyword: event.target.value })}
                enterKeyHint="search"
              />
              <div className="grid gap-3 sm:grid-cols-2">
                <SelectField
                  id="government-category"
                  label={t('government.category')}
                  value={draft.category}
                  onChange={(category) => setDraft({ ...draft, category })}
                >
                  <CategoryOptions allLabel={t('government.allCategories')} />
                </SelectField>
                <SelectField
                  id="government-state"
                  label={t('government.state')}
                  value={draft.state}
                  onChange={(state) => setDraft({ ...draft, state })}
                >
                  <option value="all">{t('government.allStates')}</option>
                  {AUS_STATES.map((state) => (
                    <option key={state} value={state}>
                      {t(`help.states.${state}`)}
                    </option>
                  ))}
                </SelectField>
              </div>
              <Button type="submit">{t('government.search')}</Button>
            </form>
          </Card>

          <Card>
            <h2 className="text-xl font-semibold text-slate-900">{t('government.localTitle')}</h2>
            <p className="mt-1 text-slate-700">{t('government.localText')}</p>
            <form onSubmit={submitLocal} className="mt-4 space-y-3" role="search">
              <div className="grid gap-3 sm:grid-cols-2">
                <Field
                  label={t('government.postcode')}
                  placeholder={t('government.postcodePlaceholder')}
                  value={localDraft.postcode}
                  inputMode="numeric"
                  autoComplete="postal-code"
                  maxLength={4}
                  error={postcodeError}
                  onChange={(event) => setLocalDraft({ ...localDraft, postcode: event.target.value })}
                  enterKeyHint="search"
                />
                <SelectField
                  id="government-local-category"
                  label={t('government.category')}
                  value={localDraft.category}
                  onChange={(category) => setLocalDraft({ ...localDraft, category })}
                >
                  <CategoryOptions allLabel={t('government.allCategories')} />
                </SelectField>
              </div>
              <Button type="submit">{t('government.findLocal')}</Button>
            </form>
          </Card>
        </div>

        <section aria-labelledby="government-results" aria-busy={loading}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="government-results" className="text-xl font-semibold text-slate-900">
              {showingLocal && place
                ? t('government.localResults', {
                    locality: place.locality,
                    state: place.state,
                    postcode: place.postcode,
                  })
                : t('government.allResults')}
            </h2>
            {showingLocal && (
              <Button variant="secondary" size="sm" onClick={() => setLocal(null)}>
                {t('government.showAll')}
              </Button>
            )}
          </div>
          {resources && !loading && (
            <p className="mt-1 text-sm text-slate-700" role="status">
              {t('government.resultsCount', { count: resources.length })}
            </p>
          )}
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            {loading &&
              Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <Skeleton key={i} className="h-64 w-full rounded-xl" />
              ))}
            {!loading &&
              resources?.map((service) => (
                <ServiceCard key={service.id} service={service} onDetails={() => setDetails(service)} />
              ))}
          </div>
          {!loading && resources?.length === 0 && (
            <Card className="mt-4 text-center">
              <h3 className="text-lg font-semibold text-slate-900">{t('government.emptyTitle')}</h3>
              <p className="mt-1 text-slate-700">{t('government.emptyText')}</p>
              <Button variant="secondary" className="mt-4" onClick={browseAll}>
                {t('government.browseAll')}
              </Button>
            </Card>
          )}
        </section>
      </div>
      {details && <ServiceDetails service={details} onClose={() => setDetails(null)} />}
    </Page>
  );
}
