import { useId } from 'react';
import type { LocalResource } from '../../../shared/schemas/resources';
import { ContactFacts } from '../../components/contact-facts';
import { HelpCategoryBadge } from '../../components/find-help';
import { Card } from '../../components/ui/card';
import { formatNumber } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';

/** A card names the first few services; the rest are counted. */
const SERVICES_SHOWN = 3;

function ServiceList({ resource }: { resource: LocalResource }) {
  const { t, locale } = useTranslation();
  const more = resource.services.length - SERVICES_SHOWN;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('resources.services')}>
      {resource.services.slice(0, SERVICES_SHOWN).map((service) => (
        <li key={service.en} className="rounded-md bg-slate-100 px-2 py-1 text-sm text-slate-800">
          {service[locale]}
        </li>
      ))}
      {more > 0 && (
        <li className="px-1 py-1 text-sm text-slate-700">{t('resources.moreServices', { count: more })}</li>
      )}
    </ul>
  );
}

/** A local organisation: how far it is, what it does, and how to reach it. */
export function ResourceCard({ resource }: { resource: LocalResource }) {
  const { t, locale } = useTranslation();
  const titleId = useId();
  const street = `${resource.address}, ${resource.suburb} ${resource.state} ${resource.postcode}`;
  return (
    <Card as="article" aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <HelpCategoryBadge category={resource.category} />
        <span className="text-sm font-semibold text-slate-800">
          {t('resources.distance', {
            km: formatNumber(resource.distanceKm, locale),
          })}
        </span>
      </div>
      <h3 id={titleId} className="text-lg font-semibold text-slate-900">
        {resource.name}
      </h3>
      <p className="text-slate-700">{resource.description[locale]}</p>
      <ContactFacts
        address={{ name: resource.name, street }}
        phone={resource.phone}
        website={resource.website}
        hours={resource.hours}
        languages={resource.languages}
      />
      {resource.services.length > 0 && <ServiceList resource={resource} />}
    </Card>
  );
}
