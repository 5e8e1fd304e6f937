import { spokenAs } from '../../shared/languages';
import type { LanguageName } from '../../shared/schemas/languages';
import { useQuery } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AUS_STATES, INTERPRETER_LINE_ID } from '../../shared/directory';
import type { GovernmentResource, LocalResource } from '../../shared/schemas/resources';
import { useTranslation } from '../lib/i18n';
import { helpInLanguageQuery } from '../data/resources';
import { PhoneLink } from './contact-facts';
import { StateSelect } from './find-help';
import { LoadFailed } from './load-failed';
import { SourceLink } from './source-link';
import { Skeleton } from './ui/card';

/** One way to get help: its name (linked to its page here, or to its own website), phone, place or department, source. */
type Entry = {
  key: string;
  name: string;
  to?: string;
  website?: string;
  phone?: string | null;
  where: string;
  source: string | null;
};

const fromOrganisation = (organisation: LocalResource): Entry => ({
  key: `organisation-${organisation.id}`,
  name: organisation.name,
  to: `/resources/${encodeURIComponent(organisation.id)}`,
  phone: organisation.phone,
  where: organisation.suburb,
  source: organisation.source,
});

const fromService = (service: GovernmentResource): Entry => ({
  key: `government-${service.id}`,
  name: service.title,
  website: service.contactInfo.website,
  phone: service.contactInfo.phone,
  where: service.department,
  source: service.source,
});

function Entries({ entries, interpreterKey }: { entries: Entry[]; interpreterKey?: string }) {
  const { t } = useTranslation();
  return (
    <ul className="mt-2 grid gap-2 md:grid-cols-2">
      {entries.map((entry) => (
        <li key={entry.key} className="rounded-lg bg-white p-3 ring-1 ring-brand-100">
          <p className="font-semibold text-slate-900">
            {entry.to ? (
              <Link to={entry.to} className="text-brand-800 underline">
                {entry.name}
              </Link>
            ) : entry.website ? (
              <a
                href={entry.website}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-800 underline"
              >
                {entry.name}
                <span className="sr-only"> {t('nav.opensInNewTab')}</span>
              </a>
            ) : (
              entry.name
            )}
          </p>
          <p className="text-sm text-slate-700">
            {entry.phone && (
              <>
                <PhoneLink phone={entry.phone} />
                {' · '}
              </>
            )}
            {entry.where}
          </p>
          {entry.key === interpreterKey && (
            <p className="text-sm text-slate-800">{t('directory.inLanguage.interpreter')}</p>
          )}
          <p className="text-xs text-slate-600">
            <SourceLink url={entry.source} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * For a reader of a language the directory names (Vietnamese, Mandarin for the Chinese pages, Nepali), first on the
 * find-help pages: the ways to get help in it in their state (the page's state when it knows one, else the one they
 * choose here), then from anywhere in Australia.
 */
export function HelpInMyLanguage({ state }: { state?: string }) {
  const { t, locale } = useTranslation();
  const known = state && (AUS_STATES as readonly string[]).includes(state) ? state : 'all';
  const [page, setPage] = useState(known);
  const [chosen, setChosen] = useState(known);
  // The page found the reader's state (a postcode, a state filter): follow it.
  if (known !== page) {
    setPage(known);
    if (known !== 'all') setChosen(known);
  }
  const spoken = spokenAs(locale) as LanguageName | undefined;
  const query = useQuery({ ...helpInLanguageQuery(spoken ?? 'English', chosen, locale), enabled: !!spoken });
  if (!spoken) return null;

  const help = query.data;
  const inState = help
    ? [...help.organisations.map(fromOrganisation), ...help.government.map(fromService)]
    : [];
  const stateName = chosen !== 'all' ? t(`help.states.${chosen as 'NSW'}`) : '';
  return (
    <section
      aria-labelledby="help-in-my-language"
      className="rounded-xl border border-brand-100 bg-brand-50 p-4"
      aria-busy={query.isFetching}
    >
      <h2 id="help-in-my-language" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Languages aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {t('directory.inLanguage.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('directory.inLanguage.text')}</p>
      <div className="mt-3 w-full sm:w-80">
        <StateSelect
          id="help-in-my-language-state"
          label={t('directory.inLanguage.stateLabel')}
          value={chosen}
          onChange={setChosen}
        />
      </div>
      {query.isError && !help && (
        <LoadFailed text={t('directory.inLanguage.failed')} onRetry={() => void query.refetch()} />
      )}
      {!help && query.isPending && <Skeleton className="mt-3 h-24 w-full rounded-lg" />}
      {help && (
        <>
          {chosen === 'all' ? (
            <p className="mt-3 text-slate-700">{t('directory.inLanguage.chooseState')}</p>
          ) : (
            <>
              <h3 className="mt-4 font-semibold text-slate-900">
                {t('directory.inLanguage.inState', { state: stateName })}
              </h3>
              {inState.length > 0 ? (
                <Entries entries={inState} />
              ) : (
                <p className="mt-1 text-slate-700">
                  {t('directory.inLanguage.noneInState', { state: stateName })}
                </p>
              )}
            </>
          )}
          <h3 className="mt-4 font-semibold text-slate-900">{t('directory.inLanguage.anywhere')}</h3>
          <Entries
            entries={help.national.map(fromService)}
            interpreterKey={`government-${INTERPRETER_LINE_ID}`}
          />
        </>
      )}
    </section>
  );
}
