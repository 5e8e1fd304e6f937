import '../../lib/page-texts';
import { useState } from 'react';
import type { GovernmentResource } from '../../../shared/schemas/resources';
import { EmergencyNumbers } from '../../components/find-help';
import { HelpInMyLanguage } from '../../components/help-in-my-language';
import { Page } from '../../components/page';
import { useTranslation } from '../../lib/i18n';
import { GovernmentSearchForm } from './search-form';
import { ServiceDetails } from './service-details';
import { ServiceResults } from './service-results';
import { StatusPanel } from './status-panel';
import { useGovernmentSearch } from './use-government-search';

export function GovernmentPage() {
  const { t } = useTranslation();
  const search = useGovernmentSearch();
  // By id, so the open details follow the results into the other language when the reader switches.
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const details = search.resources?.find((service) => service.id === detailsId);

  return (
    <Page title={t('frames.governmentTitle')} lead={t('frames.governmentText')}>
      <EmergencyNumbers />
      {/* On a phone the results start on the first screens: one line of status, one short form, then them. */}
      <div className="space-y-4 sm:space-y-6">
        <HelpInMyLanguage state={search.state} />
        <StatusPanel />

        <GovernmentSearchForm
          value={search.draft}
          onChange={search.setDraft}
          onSubmit={search.search}
          error={search.postcodeError}
        />

        <ServiceResults
          headingRef={search.headingRef}
          resources={search.resources}
          loading={search.loading}
          showingLocal={search.showingLocal}
          place={search.place}
          onShowAll={search.showAll}
          onBrowseAll={search.browseAll}
          onDetails={(service: GovernmentResource) => setDetailsId(service.id)}
          shown={search.shown}
          onShowMore={search.showMore}
          failed={search.failed}
          onRetry={search.retry}
        />
      </div>
      {details && <ServiceDetails service={details} onClose={() => setDetailsId(null)} />}
    </Page>
  );
}
