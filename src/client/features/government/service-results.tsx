import { useEffect, useRef, type RefObject } from 'react';
import type { GovernmentResource, ResolvedPlace } from '../../../shared/schemas/resources';
import { LoadFailed } from '../../components/load-failed';
import { Button } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { useDrawnInSteps } from '../../lib/drawn-in-steps';
import { formatNumber } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { ServiceCard } from './service-card';
import { GOVERNMENT_PAGE_SIZE } from './use-government-search';

const SKELETON_CARDS = 6;

type ServiceResultsProps = {
  /** Takes focus when a postcode search has been answered (useRevealResults). */
  headingRef: RefObject<HTMLHeadingElement | null>;
  resources: GovernmentResource[] | undefined;
  loading: boolean;
  /** A postcode search is on: the heading names its place and "Show all services" ends it. */
  showingLocal: boolean;
  place: ResolvedPlace | undefined;
  onShowAll: () => void;
  onBrowseAll: () => void;
  onDetails: (service: GovernmentResource) => void;
  /** How many results are open; "Show more" opens the next ones. */
  shown: number;
  onShowMore: () => void;
  /** The search could not be answered: a message and Retry stand in place of the results. */
  failed: boolean;
  onRetry: () => void;
};

function ResultsHeading({
  showingLocal,
  place,
  headingRef,
}: Pick<ServiceResultsProps, 'showingLocal' | 'place' | 'headingRef'>) {
  const { t } = useTranslation();
  return (
    <h2
      id="government-results"
      ref={headingRef}
      tabIndex={-1}
      className="scroll-mt-40 text-xl font-semibold text-slate-900"
    >
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

/**
 * The services found, as cards, ten at a time: placeholders while they load, a way back to all of them when
 * none match. When more open, focus moves to the first new card, so a keyboard or screen reader user reads on
 * from there.
 */
export function ServiceResults(props: ServiceResultsProps) {
  const { resources, loading, showingLocal, place, onShowAll, onBrowseAll, onDetails, shown } = props;
  const { t, locale } = useTranslation();
  const visible = resources?.slice(0, shown) ?? [];
  const remaining = (resources?.length ?? 0) - visible.length;
  // Cards arriving at once are drawn a few at a time: no long task blocks a tap on a slow phone.
  const drawn = useDrawnInSteps(visible.length);

  const list = useRef<HTMLDivElement>(null);
  /** The index of the first card to open, until it has opened and taken focus. */
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    const card = index === null ? undefined : list.current?.querySelectorAll<HTMLElement>('article')[index];
    if (!card) return;
    focusFrom.current = null;
    card.focus();
  }, [drawn]);

  return (
    <section aria-labelledby="government-results" aria-busy={loading}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ResultsHeading showingLocal={showingLocal} place={place} headingRef={props.headingRef} />
        {showingLocal && (
          <Button variant="secondary" size="sm" onClick={onShowAll}>
            {t('government.showAll')}
          </Button>
        )}
      </div>
      {/* A polite live region, there before the results come, so the count is read out when it changes. */}
      <p className="mt-1 text-sm text-slate-700" role="status">
        {resources && !loading
          ? remaining > 0
            ? t('resources.showing', {
                shown: formatNumber(visible.length, locale),
                total: formatNumber(resources.length, locale),
              })
            : t('government.resultsCount', { count: resources.length })
          : ''}
      </p>
      {props.failed && <LoadFailed text={t('government.loadError')} onRetry={props.onRetry} />}
      <div ref={list} className="mt-4 grid gap-4 md:grid-cols-2">
        {loading &&
          Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <Skeleton key={i} className="h-64 w-full rounded-xl" />
          ))}
        {!loading &&
          visible
            .slice(0, drawn)
            .map((service) => (
              <ServiceCard key={service.id} service={service} onDetails={() => onDetails(service)} />
            ))}
      </div>
      {!loading && resources?.length === 0 && <NoResults onBrowseAll={onBrowseAll} />}
      {!loading && remaining > 0 && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => {
              focusFrom.current = visible.length;
              props.onShowMore();
            }}
          >
            {t('resources.showMore', {
              count: formatNumber(Math.min(remaining, GOVERNMENT_PAGE_SIZE), locale),
            })}
          </Button>
        </div>
      )}
    </section>
  );
}
