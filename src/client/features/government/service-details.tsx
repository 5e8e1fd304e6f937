import { InEnglishNote } from '../../components/in-language';
import type { GovernmentResource } from '../../../shared/schemas/resources';
import { SourceLink } from '../../components/source-link';
import { Modal } from '../../components/ui/modal';
import { formatDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { ServiceBadges, ServiceFacts, WebsiteLink } from './service-facts';

/** Everything about one service, with where the facts come from. */
export function ServiceDetails({ service, onClose }: { service: GovernmentResource; onClose: () => void }) {
  const { t, locale } = useTranslation();
  return (
    <Modal open onClose={onClose} title={service.title} description={service.description}>
      <div className="mt-4 space-y-4 overflow-y-auto">
        <ServiceBadges service={service} />
        <InEnglishNote shown={service.textLanguage} locale={locale} text={t('directory.inEnglish')} />
        {service.eligibility.length > 0 && (
          <div>
            <h3 className="font-semibold">{t('government.eligibility')}</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
              {service.eligibility.map((point, index) => (
                <li key={index}>{point}</li>
              ))}
            </ul>
          </div>
        )}
        <ServiceFacts service={service} />
        <div className="flex flex-wrap gap-2">
          <WebsiteLink url={service.contactInfo.website} />
        </div>
        <p className="text-sm text-slate-700">
          {t('government.source')}: <SourceLink url={service.source} full />
          <br />
          {t('government.lastUpdated', { date: formatDate(service.lastUpdated, locale) })}
        </p>
      </div>
    </Modal>
  );
}
