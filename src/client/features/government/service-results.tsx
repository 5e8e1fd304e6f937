import type { GovernmentResource, ResolvedPlace } from '../../../shared/schemas/resources';
import { Button } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { useTranslation } from '../../lib/i18n';
import { ServiceCard } from './service-card';

const SKELETON_CARDS = 6;

type ServiceResultsProps = {
  resources: GovernmentResource[] | undefined;
  loading: boolean;
  /** A postcode search is on: the heading names its place and "Show all services" ends it. */
  showingLocal: boolean;
  place: ResolvedPlace | undefined;
  onShowAll: () => void;
  onBrowseAll: () => void;
  onDetails: (service: GovernmentResource) => void;
};

function ResultsHeading({ showingLocal, place }: Pick<ServiceResultsProps, 'showingLocal' | 'place'>) {
  const { t } = useTranslation();
  return (
    <h2 id="government-results" className="text-xl font-semibold text-slate-900">
      {showingLocal && place
        ? t('government.localResults', {
            locality: place.locality,
            state: place.state,
            postcode: place.postcode,
          })
        : t('government.allResults')}
    </h2>
  );
}

function NoResults({ onBrowseAll }: { onBrowseAll: () => void }) {
  const { t } = useTranslation();
  return (
    <Card className="mt-4 text-center">
      <h3 className="text-lg font-semibold text-slate-900">{t('government.emptyTitle')}</h3>
      <p className="mt-1 text-slate-700">{t('government.emptyText')}</p>
      <Button variant="secondary" className="mt-4" onClick={onBrowseAll}>
        {t('government.browseAll')}
      </Button>
    </Card>
  );
}

/** The services found, as cards: placeholders while they load, a way back to all of them when none match. */
export function ServiceResults({
  resources,
  loading,
  showingLocal,
  place,
  onShowAll,
  onBrowseAll,
  onDetails,
}: ServiceResultsProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="government-results" aria-busy={loading}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ResultsHeading showingLocal={showingLocal} place={place} />
        {showingLocal && (
          <Button variant="secondary" size="sm" onClick={onShowAll}>
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
            <ServiceCard key={service.id} service={service} onDetails={() => onDetails(service)} />
          ))}
      </div>
      {!loading && resources?.length === 0 && <NoResults onBrowseAll={onBrowseAll} />}
    </section>
  );
}
