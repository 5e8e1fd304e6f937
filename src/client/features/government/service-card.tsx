import { InEnglishNote } from '../../components/in-language';
import { useId } from 'react';
import type { GovernmentResource } from '../../../shared/schemas/resources';
import { ReportOutdated, StaleNotice } from '../../components/report-outdated';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { ServiceBadges, ServiceFacts, WebsiteLink } from './service-facts';

/** A card shows the first few eligibility points; its details show them all. */
const ELIGIBILITY_SHOWN = 3;

export function ServiceCard({ service, onDetails }: { service: GovernmentResource; onDetails: () => void }) {
  const { t, locale } = useTranslation();
  const titleId = useId();
  // Its own texts' language, marked when it is not the page's.
  const ownLanguage = service.textLanguage === locale ? undefined : service.textLanguage;
  return (
    <Card as="article" aria-labelledby={titleId} tabIndex={-1} className="flex flex-col gap-3">
      <ServiceBadges service={service} />
      <h3 id={titleId} lang={ownLanguage} className="text-lg font-semibold text-slate-900">
        {service.title}
      </h3>
      <p lang={ownLanguage} className="text-slate-700">
        {service.description}
      </p>
      <InEnglishNote shown={service.textLanguage} locale={locale} text={t('directory.inEnglish')} />
      {service.eligibility.length > 0 && (
        <ul
          lang={ownLanguage}
          className="list-disc space-y-1 pl-5 text-sm text-slate-800"
          aria-label={t('government.eligibility')}
        >
          {service.eligibility.slice(0, ELIGIBILITY_SHOWN).map((point, index) => (
            <li key={index}>{point}</li>
          ))}
        </ul>
      )}
      <ServiceFacts service={service} />
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
        <WebsiteLink url={service.contactInfo.website} />
        <Button variant="secondary" size="sm" onClick={onDetails}>
          {t('government.viewDetails')}
          <span className="sr-only">: {service.title}</span>
        </Button>
      </div>
      <StaleNotice lastReviewed={service.lastUpdated} />
      <p className="text-xs text-slate-600">
        {t('government.lastUpdated', { date: formatDate(service.lastUpdated, locale) })}
      </p>
      <ReportOutdated type="government" id={service.id} name={service.title} />
    </Card>
  );
}
