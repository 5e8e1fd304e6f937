import '../../lib/page-texts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmergencyNumbers } from '../../components/find-help';
import { Page } from '../../components/page';
import { useTranslation } from '../../lib/i18n';
import { localResourcesQuery, postcodeRefusal, type Origin } from '../../lib/resources';
import { LocationPanel } from './location-panel';
import { ResourceResults } from './resource-results';

export function ResourcesPage() {
  const { t } = useTranslation();
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [category, setCategory] = useState('all');
  const query = useQuery(localResourcesQuery(origin, category));
  const postcodeError = origin && 'postcode' in origin ? postcodeRefusal(query.error) : undefined;
  const answer = postcodeError ? undefined : query.data;

  return (
    <Page title={t('frames.resourcesTitle')} lead={t('frames.resourcesText')}>
      <EmergencyNumbers />
      <div className="space-y-6">
        <LocationPanel origin={origin} onOrigin={setOrigin} answer={answer} postcodeError={postcodeError} />

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
      </div>
    </Page>
  );
}
