import { Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { CRISIS_LINES, type Locale } from '../../shared/constants';
import type { LanguageEntry } from '../../shared/schemas/resources';
import { useTranslation } from '../lib/i18n';
import { Badge } from './ui/card';

/** The four numbers a person in trouble needs, at the top of the find-help pages, as phone links. */
export function EmergencyNumbers() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="emergency-numbers"
      className="mb-6 rounded-xl border border-red-200 bg-red-50 p-4"
    >
      <h2 id="emergency-numbers" className="font-semibold text-red-900">
        {t('crisis.title')} <span className="font-normal">{t('crisis.text')}</span>
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-2 lg:grid-cols-4">
        {CRISIS_LINES.map((line) => (
          <li key={line.id}>
            <a
              href={`tel:${line.tel}`}
              className="flex h-full items-center gap-2 rounded-lg bg-white p-2 ring-1 ring-red-200 hover:bg-red-100"
            >
              <Phone aria-hidden="true" className="h-4 w-4 shrink-0 text-red-700" />
              <span>
                <span className="block font-bold text-slate-900">{line.number}</span>
                <span className="block text-sm text-slate-700">{t(`crisis.${line.id}`)}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Badge classes for the find-help categories; each pair keeps at least 4.5:1 contrast. */
const HELP_CATEGORY_COLOURS: Record<string, string> = {
  immigration: 'bg-blue-100 text-blue-900',
  education: 'bg-violet-100 text-violet-900',
  healthcare: 'bg-emerald-100 text-emerald-900',
  employment: 'bg-cyan-100 text-cyan-900',
  housing: 'bg-amber-100 text-amber-900',
  benefits: 'bg-lime-100 text-lime-900',
  legal: 'bg-indigo-100 text-indigo-900',
  emergency: 'bg-red-100 text-red-900',
  community: 'bg-fuchsia-100 text-fuchsia-900',
};

export function HelpCategoryBadge({ category }: { category: string }) {
  const { t } = useTranslation();
  return <Badge colour={HELP_CATEGORY_COLOURS[category]}>{t(`help.categories.${category}`)}</Badge>;
}

/** Find-help answers change only with a new release; the server lets them be kept this long too. */
export const HELP_STALE_MS = 5 * 60_000;

/** A phone number as people read it, dialled without its spaces. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={`tel:${phone.replace(/\s/g, '')}`} className="font-medium text-brand-700 underline">
      {phone}
    </a>
  );
}

/** A row of facts under a card: an icon, a label for screen readers, the value. */
export function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2 text-sm text-slate-800">
      <span aria-hidden="true" className="mt-0.5 shrink-0 text-slate-500">
        {icon}
      </span>
      <span className="min-w-0">
        <span className="sr-only">{label}: </span>
        {children}
      </span>
    </div>
  );
}

/** Vietnamese names of the languages the content names in English. */
const LANGUAGE_NAMES_VI: Record<string, string> = {
  English: 'Tiếng Anh',
  Vietnamese: 'Tiếng Việt',
  Auslan: 'Auslan (ngôn ngữ ký hiệu Úc)',
};

export function languageList(languages: LanguageEntry[], locale: Locale): string {
  return languages
    .map((language) =>
      typeof language === 'string'
        ? locale === 'vi'
          ? (LANGUAGE_NAMES_VI[language] ?? language)
          : language
        : language[locale],
    )
    .join(', ');
}
