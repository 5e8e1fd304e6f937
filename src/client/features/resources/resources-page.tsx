import '../../lib/page-texts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { EmergencyNumbers } from '../../components/find-help';
import { Page } from '../../components/page';
import { useTranslation } from '../../lib/i18n';
import { localResourcesQuery, postcodeRefusal, type Origin } from '../../lib/resources';
import { DirectoryResults, FIRST_DIRECTORY_VIEW, type DirectoryView } from './directory-results';
import { LocationPanel } from './location-panel';
import { ResourceResults } from './resource-results';

type Mode = 'near' | 'browse';

export function ResourcesPage() {
  const { t, locale } = useTranslation();
  const [mode, setMode] = useState<Mode>('near');
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [category, setCategory] = useState('all');
  const [directory, setDirectory] = useState<DirectoryView>(FIRST_DIRECTORY_VIEW);
  // Only the search on screen is asked for; going back to it finds its answer kept.
  const query = useQuery(localResourcesQuery(mode === 'near' ? origin : null, category, locale));
  const postcodeError = origin && 'postcode' in origin ? postcodeRefusal(query.error) : undefined;
  const answer = postcodeError ? undefined : query.data;

  // The button that switched is gone: focus goes to the heading of what replaced it.
  const locationHeading = useRef<HTMLHeadingElement>(null);
  const browseHeading = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    (mode === 'browse' ? browseHeading : locationHeading).current?.focus();
  }, [mode]);
  const switchTo = (next: Mode) => {
    switched.current = true;
    setMode(next);
  };

  return (
    <Page title={t('frames.resourcesTitle')} lead={t('frames.resourcesText')}>
      <EmergencyNumbers />
      <div className="space-y-6">
        {mode === 'browse' ? (
          <DirectoryResults
            view={directory}
            onView={setDirectory}
            onSearchNear={() => switchTo('near')}
            headingRef={browseHeading}
          />
        ) : (
          <>
            <LocationPanel
              origin={origin}
              onOrigin={setOrigin}
              answer={answer}
              postcodeError={postcodeError}
              onBrowse={() => switchTo('browse')}
              headingRef={locationHeading}
            />
            {origin === null ? (
              <p className="text-slate-700">{t('resources.start')}</p>
            ) : (
              <ResourceResults
                origin={origin}
                answer={answer}
                loading={query.isPending}
                fetching={query.isFetching}
                category={category}
                onCategory={setCategory}
              />
            )}
          </>
        )}
      </div>
    </Page>
  );
}
