import { Clock, ExternalLink, Languages, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Locale } from '../../shared/constants';
import type { LanguageEntry } from '../../shared/schemas/resources';
import { useTranslation } from '../lib/i18n';

/** A phone number as people read it, dialled without its spaces. */
function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={`tel:${phone.replace(/\s/g, '')}`} className="font-medium text-brand-700 underline">
      {phone}
    </a>
  );
}

/** A row of facts under a card: an icon, a label for screen readers, the value. */
function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
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

function LocationFact({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Fact icon={<MapPin className="h-4 w-4" />} label={t('government.location')}>
      {children}
    </Fact>
  );
}

/** Vietnamese names of the languages the content names in English. */
const LANGUAGE_NAMES_VI: Record<string, string> = {
  English: 'Tiếng Anh',
  Vietnamese: 'Tiếng Việt',
  Auslan: 'Auslan (ngôn ngữ ký hiệu Úc)',
};

function languageList(languages: LanguageEntry[], locale: Locale): string {
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

/** A map search for the place, which opens the map app on a phone. */
function mapUrl(name: string, address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${name}, ${address}`)}`;
}

/** A website as people say it: no scheme, no "www.", no trailing slash. */
function siteName(url: string): string {
  return url.replace(/^https:\/\/(www\.)?/, '').replace(/\/$/, '');
}

export type ContactFactsProps = {
  /** Where an organisation is: its street address, linked to a map search for it by name. Shown first. */
  address?: { name: string; street: string };
  phone?: string;
  email?: string;
  website?: string;
  hours?: Record<Locale, string>;
  languages?: LanguageEntry[];
  /** Where a service is offered (a city and state, or Australia-wide). Shown last. */
  area?: string;
};

/** How to reach a service or an organisation, one fact a row; the facts it does not have are left out. */
export function ContactFacts({ address, phone, email, website, hours, languages, area }: ContactFactsProps) {
  const { t, locale } = useTranslation();
  return (
    <div className="space-y-1.5">
      {address && (
        <LocationFact>
          <a
            href={mapUrl(address.name, address.street)}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-700 underline"
          >
            {t('resources.mapLink', { address: address.street })}
          </a>
        </LocationFact>
      )}
      {phone && (
        <Fact icon={<Phone className="h-4 w-4" />} label={t('government.phone')}>
          <PhoneLink phone={phone} />
        </Fact>
      )}
      {email && (
        <Fact icon={<Mail className="h-4 w-4" />} label={t('government.email')}>
          <a href={`mailto:${email}`} className="break-all text-brand-700 underline">
            {email}
          </a>
        </Fact>
      )}
      {website && (
        <Fact icon={<ExternalLink className="h-4 w-4" />} label={t('resources.website')}>
          <a
            href={website}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-brand-700 underline"
          >
            {siteName(website)}
            <span className="sr-only"> {t('nav.opensInNewTab')}</span>
          </a>
        </Fact>
      )}
      {hours && (
        <Fact icon={<Clock className="h-4 w-4" />} label={t('government.hours')}>
          {hours[locale]}
        </Fact>
      )}
      {languages && languages.length > 0 && (
        <Fact icon={<Languages className="h-4 w-4" />} label={t('government.languages')}>
          {languageList(languages, locale)}
        </Fact>
      )}
      {area && <LocationFact>{area}</LocationFact>}
    </div>
  );
}
