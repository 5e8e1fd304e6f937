import { Clock, ExternalLink, Headset, Languages, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';

/** A phone number as people read it, dialled without its spaces. */
export function PhoneLink({ phone }: { phone: string }) {
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

/** A map search for the place, which opens the map app on a phone. */
function mapUrl(name: string, address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${name}, ${address}`)}`;
}

/** A website as people say it: no scheme, no "www.", no trailing slash. */
function siteName(url: string): string {
  return url.replace(/^https:\/\/(www\.)?/, '').replace(/\/$/, '');
}

/** A source's site as people say it: its host without "www.". */
export function hostName(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return siteName(url);
  }
}

export type ContactFactsProps = {
  /** Where an organisation is: its whole address line, linked to a map search for it by name. Shown first. */
  address?: { name: string; street: string };
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  /** Opening hours, already in the reader's language. */
  hours?: string | null;
  /** The languages it is offered in, already named in the reader's language by the server. */
  languages?: string[];
  /**
   * Notes on interpreting ("Free interpreter on request"). When given, `languages` are the languages spoken there,
   * and each row says which it is.
   */
  interpreting?: string[];
  /** Where a service is offered (a city and state, or Australia-wide). Shown last. */
  area?: string;
};

/** How to reach a service or an organisation, one fact a row; the facts it does not have are left out. */
export function ContactFacts({
  address,
  phone,
  email,
  website,
  hours,
  languages,
  interpreting,
  area,
}: ContactFactsProps) {
  const { t } = useTranslation();
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
          {hours}
        </Fact>
      )}
      {languages && languages.length > 0 && (
        <Fact icon={<Languages className="h-4 w-4" />} label={t('government.languages')}>
          {interpreting && <span className="font-medium">{t('directory.languages.spoken')} </span>}
          {languages.join(', ')}
        </Fact>
      )}
      {interpreting && interpreting.length > 0 && (
        <Fact icon={<Headset className="h-4 w-4" />} label={t('government.languages')}>
          <span className="font-medium">{t('directory.languages.interpreting')} </span>
          {interpreting.join('; ')}
        </Fact>
      )}
      {area && <LocationFact>{area}</LocationFact>}
    </div>
  );
}
