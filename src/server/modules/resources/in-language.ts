import { and, inArray, isNull } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants';
import { INTERPRETER_LINE_ID } from '../../../shared/directory';
import type { LanguageName } from '../../../shared/schemas/languages';
import type { Organisation } from '../../../shared/schemas/resources';
import type { HelpInLanguage } from '../../../shared/schemas/help-in-language';
import type { Database } from '../../db/client';
import { governmentServices as gs } from '../../db/schema';
import type { AusState } from '../../lib/postcodes';
import { presentService } from '../government';
import { present, readDirectory } from './service';

/**
 * The kinds of organisation that help with anything a newcomer needs (settlement, community centres): a reader
 * meets these first, then the specialised ones (a clinic, an aged-care home, a legal service).
 */
const GENERAL_CATEGORIES: readonly Organisation['category'][] = ['immigration', 'community'];
const specialised = (organisation: Organisation) =>
  GENERAL_CATEGORIES.includes(organisation.category) ? 0 : 1;

/**
 * The ways to get help in a language, for a reader in a state: the state's organisations that speak it (general
 * settlement and community services first) and its government services that name it, then, for every state alike,
 * the free interpreter line and the national services that name it. Only what the sources state: a state with none of its own gets the national ways alone.
 */
export async function helpInLanguage(
  db: Database,
  query: { language: LanguageName; state?: AusState },
  locale: Locale,
): Promise<HelpInLanguage> {
  const { language, state } = query;
  const [organisations, services] = await Promise.all([
    state ? readDirectory(db, { language }) : Promise.resolve([]),
    db
      .select({ data: gs.data })
      .from(gs)
      .where(and(isNull(gs.archivedAt), inArray(gs.state, state ? [state, 'national'] : ['national'])))
      .orderBy(gs.titleEn),
  ]);
  const naming = services
    .map((row) => row.data)
    .filter((service) => service.id === INTERPRETER_LINE_ID || service.languages.includes(language));
  const national = naming.filter((service) => service.location.state === 'national');
  return {
    language,
    state: state ?? null,
    organisations: organisations
      .map((row) => row.data)
      .filter((organisation) => organisation.state === state)
      .sort(
        (a, b) =>
          specialised(a) - specialised(b) || a.suburb.localeCompare(b.suburb) || a.name.localeCompare(b.name),
      )
      .map((organisation) => present(organisation, null, locale)),
    government: naming
      .filter((service) => service.location.state === state)
      .map((service) => presentService(service, locale)),
    national: [
      ...national.filter((service) => service.id === INTERPRETER_LINE_ID),
      ...national.filter((service) => service.id !== INTERPRETER_LINE_ID),
    ].map((service) => presentService(service, locale)),
  };
}
