import { InEnglishNote } from '../../components/in-language';
import { useId } from 'react';
import { Link } from 'react-router';
import type { LocalResource } from '../../../shared/schemas/resources';
import { ContactFacts } from '../../components/contact-facts';
import { HelpCategoryBadge } from '../../components/find-help';
import { ReportOutdated, StaleNotice } from '../../components/report-outdated';
import { SaveToMyList } from '../../components/save-to-my-list';
import { SourceLink } from '../../components/source-link';
import { Card } from '../../components/ui/card';
import { formatDate, formatNumber } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';

/** A card names the first few services; the rest are counted. */
const SERVICES_SHOWN = 3;

function ServiceList({ services }: { services: string[] }) {
  const { t } = useTranslation();
  const more = services.length - SERVICES_SHOWN;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('resources.services')}>
      {services.slice(0, SERVICES_SHOWN).map((service, index) => (
        <li key={index} className="rounded-md bg-slate-100 px-2 py-1 text-sm text-slate-800">
          {service}
        </li>
      ))}
      {more > 0 && (
        <li className="px-1 py-1 text-sm text-slate-700">{t('resources.moreServices', { count: more })}</li>
      )}
    </ul>
  );
}

/** Where the card's facts come from and when they were last checked: small, for the reader who wants to know. */
export function SourceLine({ resource }: { resource: LocalResource }) {
  const { t, locale } = useTranslation();
  return (
    <p className="mt-auto text-xs text-slate-700">
      <SourceLink url={resource.source} />
      {' · '}
      {t('resources.checked', { date: formatDate(resource.lastReviewed, locale) })}
    </p>
  );
}

/**
 * A local organisation: how far it is (when we know where the reader is), what it does, how to reach it, and
 * where those facts come from. Never a rating: we have none. `tabIndex` lets a list move focus to a card.
 */
export function ResourceCard({ resource, tabIndex }: { resource: LocalResource; tabIndex?: number }) {
  const { t, locale } = useTranslation();
  const titleId = useId();
  return (
    <Card
      as="article"
      aria-labelledby={titleId}
      tabIndex={tabIndex}
      className="flex scroll-mt-40 flex-col gap-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <HelpCategoryBadge category={resource.category} />
        {resource.distance !== null && (
          <span className="text-sm font-semibold text-slate-800">
            {t('resources.distance', { km: formatNumber(resource.distance, locale) })}
          </span>
        )}
      </div>
      <h3 id={titleId} className="text-lg font-semibold text-slate-900">
        <Link to={`/resources/${encodeURIComponent(resource.id)}`} className="text-brand-800 underline">
          {resource.name}
        </Link>
      </h3>
      <p
        lang={resource.textLanguage === locale ? undefined : resource.textLanguage}
        className="text-slate-700"
      >
        {resource.description}
      </p>
      <InEnglishNote shown={resource.textLanguage} locale={locale} text={t('directory.inEnglish')} />
      <ContactFacts
        address={{ name: resource.name, street: resource.address }}
        phone={resource.phone}
        website={resource.website}
        hours={resource.hours}
        languages={resource.spokenLanguages}
        interpreting={resource.interpreterNotes}
      />
      {resource.services.length > 0 && <ServiceList services={resource.services} />}
      <StaleNotice lastReviewed={resource.lastReviewed} />
      <SourceLine resource={resource} />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <SaveToMyList id={resource.id} name={resource.name} />
        <ReportOutdated type="organisation" id={resource.id} name={resource.name} />
      </div>
    </Card>
  );
}
