import '../../lib/page-texts';
import { InLanguage } from '../../components/in-language';
import { AlertTriangle, ExternalLink } from 'lucide-react';
import { getFixedT, useTranslation } from '../../lib/i18n';
import sources from '../../../../content/official-sources.json';
import { Page } from '../../components/page';
import { Card } from '../../components/ui/card';
import { usePublicConfig } from '../../lib/config';
import { formatDate } from '../../lib/format';

const MARA_REGISTER = sources.sources.find((source) => source.id === 'mara-register')!;

function ExternalAnchor({ href, children }: { href: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline">
      {children}
      <ExternalLink aria-hidden="true" className="ml-1 inline h-4 w-4" />
      <span className="sr-only"> {t('nav.opensInNewTab')}</span>
    </a>
  );
}

export function AboutPage() {
  const { t, locale } = useTranslation();
  const config = usePublicConfig();
  const other = locale === 'en' ? 'vi' : 'en';
  const tOther = getFixedT(other);
  const hasContact = Boolean(config?.contactEmail || config?.contactPhone || config?.publicUrl);

  return (
    <Page title={t('about.title')} lead={t('about.subtitle')}>
      <section
        aria-labelledby="disclaimer-title"
        className="mb-8 rounded-xl border-2 border-amber-400 bg-amber-50 p-5 text-amber-950"
      >
        <h2 id="disclaimer-title" className="flex items-center gap-2 text-lg font-bold">
          <AlertTriangle aria-hidden="true" className="h-5 w-5" />
          {t('about.disclaimerTitle')}
        </h2>
        <p className="mt-2">{t('about.disclaimer')}</p>
        <div lang={other} className="mt-4 border-t border-amber-300 pt-4">
          <p className="font-semibold">{tOther('about.disclaimerTitle')}</p>
          <p className="mt-1">{tOther('about.disclaimer')}</p>
        </div>
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <h2 className="text-xl font-semibold">{t('about.missionTitle')}</h2>
          <p className="mt-2 text-slate-800">{t('about.mission')}</p>
        </Card>
        <Card>
          <h2 className="text-xl font-semibold">{t('about.whatWeDoTitle')}</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
            {(['whatWeDo1', 'whatWeDo2', 'whatWeDo3', 'whatWeDo4'] as const).map((key) => (
              <li key={key}>{t(`about.${key}`)}</li>
            ))}
          </ul>
        </Card>
        <Card>
          <h2 className="text-xl font-semibold">{t('about.whatWeDontTitle')}</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
            {(['dont1', 'dont2', 'dont3', 'dont4'] as const).map((key) => (
              <li key={key}>{t(`about.${key}`)}</li>
            ))}
          </ul>
        </Card>
        <Card>
          <h2 className="text-xl font-semibold">{t('about.professionalTitle')}</h2>
          <p className="mt-2 text-slate-800">{t('about.professionalText')}</p>
          <p className="mt-3">
            <ExternalAnchor href={MARA_REGISTER.url}>{t('about.professionalLink')}</ExternalAnchor>
          </p>
        </Card>
      </div>

      <Card className="mt-6">
        <h2 className="text-xl font-semibold">{t('about.quickExitTitle')}</h2>
        <p className="mt-2 text-slate-800">{t('about.quickExitText')}</p>
      </Card>

      <section aria-labelledby="sources-title" className="mt-8">
        <h2 id="sources-title" className="text-xl font-semibold">
          {t('about.sourcesTitle')}
        </h2>
        <p className="mt-1 text-slate-700">{t('about.sourcesText')}</p>
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {sources.sources.map((source) => (
            <li key={source.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <ExternalAnchor href={source.url}>
                <InLanguage text={source.name} locale={locale} />
              </ExternalAnchor>
              <InLanguage
                as="p"
                text={source.description}
                locale={locale}
                className="mt-1 text-sm text-slate-700"
              />
              <p className="mt-1 text-xs break-all text-slate-600">{source.url}</p>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-slate-600">
          {t('about.reviewed', { date: formatDate(sources.lastReviewed, locale) })}
        </p>
      </section>

      <Card className="mt-8">
        <h2 className="text-xl font-semibold">{t('about.contactTitle')}</h2>
        <p className="mt-1 text-slate-700">{t('about.contactText')}</p>
        {hasContact ? (
          <ul className="mt-3 space-y-1 text-slate-800">
            {config?.contactEmail && (
              <li>
                <a className="text-brand-700 underline" href={`mailto:${config.contactEmail}`}>
                  {t('about.contactEmail', { email: config.contactEmail })}
                </a>
              </li>
            )}
            {config?.contactPhone && (
              <li>
                <a
                  className="text-brand-700 underline"
                  href={`tel:${config.contactPhone.replace(/[^\d+]/g, '')}`}
                >
                  {t('about.contactPhone', { phone: config.contactPhone })}
                </a>
              </li>
            )}
            {config?.publicUrl && (
              <li>
                <a className="text-brand-700 underline" href={config.publicUrl}>
                  {t('about.contactWebsite', { url: config.publicUrl })}
                </a>
              </li>
            )}
          </ul>
        ) : (
          <p className="mt-3 text-slate-700">{t('about.contactNone')}</p>
        )}
      </Card>
    </Page>
  );
}
