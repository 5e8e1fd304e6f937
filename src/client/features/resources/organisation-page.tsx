import { InEnglishNote } from '../../components/in-language';
import '../../lib/page-texts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Navigation, Printer, Share2 } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { LocalResource } from '../../../shared/schemas/resources';
import { ContactFacts } from '../../components/contact-facts';
import { EmergencyNumbers, HelpCategoryBadge } from '../../components/find-help';
import { LoadFailed } from '../../components/load-failed';
import { Page } from '../../components/page';
import { ReportOutdated, StaleNotice } from '../../components/report-outdated';
import { SaveToMyList } from '../../components/save-to-my-list';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { useTranslation } from '../../lib/i18n';
import { organisationQuery, organisationMissing } from '../../data/resources';
import { toast } from '../../lib/toast';
import { SourceLine } from './resource-card';

function Back() {
  const { t } = useTranslation();
  return (
    <Link to="/resources" className={`${buttonClasses('ghost', 'sm')} mb-4 print:hidden`}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('resources.page.back')}
    </Link>
  );
}

/** Directions from where the reader is, in the map app on a phone. */
function directionsUrl(resource: LocalResource): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${resource.name}, ${resource.address}`)}`;
}

/** Shares the page with the phone's share sheet, or copies its address where there is none. */
async function share(resource: LocalResource, copied: string) {
  const url = window.location.href;
  if (navigator.share) {
    await navigator.share({ title: resource.name, url }).catch(() => undefined);
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: copied });
  } catch {
    // No share sheet and no clipboard: the address bar still has the link.
  }
}

/**
 * An organisation's own page: every fact, where they come from, a map and directions, and ways to share, print or
 * report it. The print shows the facts alone.
 */
export function OrganisationPage() {
  const { t, locale } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(organisationQuery(id, locale));

  if (query.isPending)
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8" aria-busy="true">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  if (query.isError) {
    const missing = organisationMissing(query.error);
    return (
      <Page title={missing ? t('notFound.title') : t('resources.page.loadFailed')} width="medium">
        <Back />
        {missing ? (
          <p className="text-slate-700">{t('resources.page.notFound')}</p>
        ) : (
          <LoadFailed text={query.error.message} onRetry={() => void query.refetch()} />
        )}
      </Page>
    );
  }
  const resource = query.data;
  return (
    <Page title={resource.name} lead={resource.description} width="medium">
      <Back />
      <div className="space-y-4">
        <Card className="space-y-4">
          <HelpCategoryBadge category={resource.category} />
          <InEnglishNote shown={resource.textLanguage} locale={locale} text={t('directory.inEnglish')} />
          <ContactFacts
            address={{ name: resource.name, street: resource.address }}
            phone={resource.phone}
            website={resource.website}
            hours={resource.hours}
            languages={resource.spokenLanguages}
            interpreting={resource.interpreterNotes}
          />
          {resource.services.length > 0 && (
            <section aria-labelledby="organisation-services">
              <h2 id="organisation-services" className="text-lg font-semibold text-slate-900">
                {t('resources.page.services')}
              </h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
                {resource.services.map((service, index) => (
                  <li key={index}>{service}</li>
                ))}
              </ul>
            </section>
          )}
          <StaleNotice lastReviewed={resource.lastReviewed} />
          <SourceLine resource={resource} />
        </Card>
        <div className="flex flex-wrap gap-2 print:hidden">
          <a
            href={directionsUrl(resource)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('primary', 'md')}
          >
            <Navigation aria-hidden="true" className="h-5 w-5" />
            {t('resources.page.directions')}
            <span className="sr-only"> {t('nav.opensInNewTab')}</span>
          </a>
          <Button variant="secondary" onClick={() => void share(resource, t('resources.page.copied'))}>
            <Share2 aria-hidden="true" className="h-5 w-5" />
            {t('resources.page.share')}
          </Button>
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="h-5 w-5" />
            {t('resources.page.print')}
          </Button>
          <SaveToMyList id={resource.id} name={resource.name} size="md" />
        </div>
        <div className="print:hidden">
          <ReportOutdated type="organisation" id={resource.id} name={resource.name} />
        </div>
        <div className="print:hidden">
          <EmergencyNumbers />
        </div>
      </div>
    </Page>
  );
}
