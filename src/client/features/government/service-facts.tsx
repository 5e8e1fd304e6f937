import { ExternalLink } from 'lucide-react';
import type { GovernmentResource } from '../../../shared/schemas/resources';
import { ContactFacts } from '../../components/contact-facts';
import { HelpCategoryBadge } from '../../components/find-help';
import { buttonClasses } from '../../components/ui/button';
import { Badge } from '../../components/ui/card';
import { useTranslation, type TFunction } from '../../lib/i18n';

function placeName(service: GovernmentResource, t: TFunction): string {
  const state = t(`help.states.${service.location.state}`);
  return service.location.city ? `${service.location.city}, ${state}` : state;
}

/** The category and the department: what a card and its details open with. */
export function ServiceBadges({ service }: { service: GovernmentResource }) {
  return (
    <div className="flex flex-wrap gap-2">
      <HelpCategoryBadge category={service.category} />
      <Badge>{service.department}</Badge>
    </div>
  );
}

/** Phone, email, hours, languages and place: what a card and its details share. */
export function ServiceFacts({ service }: { service: GovernmentResource }) {
  const { t } = useTranslation();
  return (
    <ContactFacts
      phone={service.contactInfo.phone}
      email={service.contactInfo.email}
      hours={service.operatingHours}
      languages={service.languages}
      area={placeName(service, t)}
    />
  );
}

/** The service's own website, as the main action; nothing when it has none. */
export function WebsiteLink({ url }: { url: string | undefined }) {
  const { t } = useTranslation();
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'sm')}>
      {t('government.visitWebsite')}
      <ExternalLink aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">{t('nav.opensInNewTab')}</span>
    </a>
  );
}
