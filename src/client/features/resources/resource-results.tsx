import type { RefObject } from 'react';
import { Link } from 'react-router';
import { LOCAL_CATEGORIES } from '../../../shared/directory';
import type { LocalResourcesResponse } from '../../../shared/schemas/resources';
import { LoadFailed } from '../../components/load-failed';
import { buttonClasses } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useTranslation } from '../../lib/i18n';
import type { Origin } from '../../data/resources';
import { ResourceCard } from './resource-card';

export const SKELETON_CARDS = 3;

/** How far the results reach: the radius asked for, a wider one when nothing was near, or the whole state. */
function AreaMessage({ answer }: { answer: LocalResourcesResponse }) {
  const { t } = useTranslation();
  if (answer.radiusKm === null)
    return answer.place ? (
      <>{t('resources.stateWide', { state: t(`help.states.${answer.place.state}`) })}</>
    ) : null;
  if (answer.requestedRadiusKm !== null && answer.radiusKm > answer.requestedRadiusKm)
    return <>{t('resources.widened', { requested: answer.requestedRadiusKm, km: answer.radiusKm })}</>;
  return <>{t('resources.within', { km: answer.radiusKm })}</>;
}

type CategoryChipsProps = {
  counts: LocalResourcesResponse['counts'];
  category: string;
  onCategory: (category: string) => void;
};

/** One toggle per category with how many organisations it has in the area; "all" first. */
export function CategoryChips({ counts, category, onCategory }: CategoryChipsProps) {
  const { t } = useTranslation();
  return (
    <div className="mt-4" role="group" aria-label={t('resources.categories')}>
      <ul className="flex flex-wrap gap-2">
        {(['all', ...LOCAL_CATEGORIES] as const).map((slug) => (
          <li key={slug}>
            <button
              type="button"
              aria-pressed={category === slug}
              onClick={() => onCategory(slug)}
              className={cn(
                'rounded-full px-3 py-1.5 text-sm ring-1',
                category === slug
                  ? 'bg-brand-700 text-white ring-brand-700'
                  : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
              )}
            >
              {slug === 'all' ? t('resources.all') : t(`help.categories.${slug}`)} ({counts[slug] ?? 0})
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Nothing of this kind here: where else to look. `text` says why (near the reader, or in a state). */
export function NoResults({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Card className="mt-4 text-center">
      <h3 className="text-lg font-semibold text-slate-900">{t('resources.emptyTitle')}</h3>
      <p className="mt-1 text-slate-700">{text}</p>
      <Link to="/government" className={cn(buttonClasses('secondary'), 'mt-4')}>
        {t('resources.governmentLink')}
      </Link>
    </Card>
  );
}

type ResourceResultsProps = {
  origin: Origin;
  /** Takes focus when a search for a place has been answered (useRevealResults). */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The organisations found; undefined while the first answer loads or when the postcode was refused. */
  answer: LocalResourcesResponse | undefined;
  loading: boolean;
  fetching: boolean;
  /** The search could not be answered: a message and Retry stand where the results would be. */
  onRetry?: () => void;
} & Omit<CategoryChipsProps, 'counts'>;

/** The organisations near the origin, filtered by category chips, nearest first. */
export function ResourceResults({
  origin,
  answer,
  loading,
  fetching,
  category,
  onCategory,
  onRetry,
  headingRef,
}: ResourceResultsProps) {
  const { t } = useTranslation();
  const place = answer?.place;
  return (
    <section aria-labelledby="resources-results" aria-busy={fetching}>
      <h2
        id="resources-results"
        ref={headingRef}
        tabIndex={-1}
        className="scroll-mt-40 text-xl font-semibold text-slate-900"
      >
        {place && 'postcode' in origin
          ? t('resources.nearPostcode', { ...place })
          : place
            ? t('resources.near', { locality: place.locality, state: place.state })
            : t('frames.resourcesTitle')}
      </h2>
      {/* A polite live region, there before the answer comes, so the count is read out when it does. */}
      <p className="mt-1 text-slate-700" role="status">
        {answer && (
          <>
            {t('resources.found', { count: answer.resources.length })} · <AreaMessage answer={answer} />
          </>
        )}
      </p>

      {answer && <CategoryChips counts={answer.counts} category={category} onCategory={onCategory} />}

      {onRetry && <LoadFailed text={t('resources.loadError')} onRetry={onRetry} />}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {loading &&
          Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <Skeleton key={i} className="h-56 w-full rounded-xl" />
          ))}
        {answer?.resources.map((resource) => (
          <ResourceCard key={resource.id} resource={resource} />
        ))}
      </div>
      {answer?.resources.length === 0 && <NoResults text={t('resources.emptyText')} />}
    </section>
  );
}
