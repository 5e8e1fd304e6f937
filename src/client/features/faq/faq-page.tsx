import '../../lib/page-texts';
import { Accordion } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import faq from '../../../../content/faq.json';
import type { FaqItem } from '../../../shared/schemas/content';
import { InLanguage } from '../../components/in-language';
import { Page } from '../../components/page';
import { DEFAULT_LOCALE, inReaderLanguage, language, LOCALES, type Locale } from '../../../shared/languages';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

const items = faq as FaqItem[];

export function FaqPage() {
  const { t, locale } = useTranslation();
  // Each item also shows a second language (the spec's English and Vietnamese): English, and for English readers the
  // next language of the list.
  const other: Locale = locale === DEFAULT_LOCALE ? LOCALES[1]! : DEFAULT_LOCALE;
  return (
    <Page title={t('faq.title')} lead={t('faq.subtitle')} width="medium">
      <Accordion.Root type="single" collapsible className="space-y-3">
        {items.map((item) => (
          <Accordion.Item
            key={item.id}
            value={item.id}
            className="rounded-xl border border-slate-200 bg-white"
          >
            <Accordion.Header asChild>
              <h2>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 p-4 text-left text-base font-semibold text-slate-900 sm:text-lg">
                  <InLanguage text={item.question} locale={locale} />
                  <ChevronDown
                    aria-hidden="true"
                    className="h-5 w-5 shrink-0 transition-transform group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </h2>
            </Accordion.Header>
            <Accordion.Content className="space-y-4 px-4 pb-4 text-slate-800">
              <InLanguage as="p" text={item.answer} locale={locale} />
              <div lang={other} className="border-l-4 border-brand-100 pl-3 text-slate-700">
                <p className="text-sm font-semibold text-slate-600">{language(other).ownName}</p>
                <p className="mt-1 font-medium">{inReaderLanguage(item.question, other)}</p>
                <p className="mt-1">{inReaderLanguage(item.answer, other)}</p>
              </div>
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <Card tone="brand" className="mt-8 text-center">
        <h2 className="text-xl font-bold text-slate-900">{t('faq.readyTitle')}</h2>
        <p className="mt-2 text-slate-700">{t('faq.readyText')}</p>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonClasses('primary')}>
            {t('faq.browse')}
          </Link>
          <Link to="/chloe" className={buttonClasses('secondary')}>
            {t('faq.chat')}
          </Link>
          <Link to="/mentors" className={buttonClasses('secondary')}>
            {t('mentors.browse')}
          </Link>
        </div>
      </Card>
    </Page>
  );
}
