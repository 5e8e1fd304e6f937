import '../../lib/page-texts';
import { useTranslation } from '../../lib/i18n';
import guidelines from '../../../../content/pages/guidelines.json';
import privacy from '../../../../content/pages/privacy.json';
import terms from '../../../../content/pages/terms.json';
import type { LegalPage as LegalDocument } from '../../../shared/schemas/content';
import { Linkify } from '../../components/linkify';
import { Page } from '../../components/page';
import { formatDate } from '../../lib/format';
import { localized } from '../../../shared/languages';

const DOCUMENTS: Record<'privacy' | 'terms' | 'guidelines', LegalDocument> = { privacy, terms, guidelines };

export function LegalPage({ doc }: { doc: keyof typeof DOCUMENTS }) {
  const { t, locale } = useTranslation();
  const document = DOCUMENTS[doc];
  const { value: body, locale: written } = localized(document, locale);
  return (
    <Page title={body.title} lead={body.intro} width="medium" lang={written === locale ? undefined : written}>
      <p className="mb-6 text-sm text-slate-600">
        {t('legal.lastReviewed', { date: formatDate(document.lastReviewed, locale) })}
      </p>
      <div className="space-y-6">
        {body.sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
            <div className="mt-2 space-y-3 text-slate-800">
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>
                  <Linkify text={paragraph} />
                </p>
              ))}
            </div>
          </section>
        ))}
      </div>
    </Page>
  );
}
