import type { z } from 'zod';
import { AUS_STATES, type LOCAL_CATEGORIES, type HelpCategory } from '../../../../shared/directory';
import { messageKey, translate } from '../../../../shared/i18n';
import { pagesEn } from '../../../../shared/i18n/pages.en';
import { organisationSchema, type LanguageEntry } from '../../../../shared/schemas/resources';
import '../../../errors';
import type { EntryKind } from './ids';
import type { HsdsRow, HsdsTables } from './tables';
import {
  categoryTermId,
  DETAIL_TERMS,
  detailTermId,
  HELP_CATEGORIES,
  languageOf,
  TAXONOMY,
  type DetailTerm,
} from './vocabulary';

/** Reading an HSDS data set's rows: phones, states, categories, schedules, reasons, and the rows indexed. */

export const isHttps = (url: string | undefined): url is string =>
  url !== undefined && organisationSchema.shape.source.safeParse(url).success;

/** A phone number as our schema takes it, from one as people write it: "(02) 9876-5432" gives "02 9876 5432". */
export function readPhone(number: string): string | undefined {
  const valid = (text: string) => organisationSchema.shape.phone.safeParse(text).success;
  if (valid(number)) return number;
  const cleaned = number
    .replace(/[()\-.\u00a0"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return valid(cleaned) ? cleaned : undefined;
}

export const STATE_NAMES = new Map<string, (typeof AUS_STATES)[number]>(
  AUS_STATES.flatMap((code) => [
    [code.toLowerCase(), code],
    [pagesEn.help.states[code].toLowerCase(), code],
  ]),
);

/** Words in a partner's taxonomy terms that name one of our local categories (checked in this order). */
export const CATEGORY_WORDS: [(typeof LOCAL_CATEGORIES)[number], RegExp][] = [
  ['immigration', /\b(immigra\w*|migra\w*|visas?|refugee\w*|asylum|settlement|citizenship)\b/i],
  ['legal', /\b(legal|law|lawyers?|court|tenan\w*|rights)\b/i],
  ['healthcare', /\b(health\w*|medical|mental|counsell?ing|doctors?|clinic|hospital|dental|disabilit\w*)\b/i],
  ['housing', /\b(housing|homeless\w*|shelter|accommodation|rent\w*)\b/i],
  ['employment', /\b(employment|jobs?|work|careers?|training)\b/i],
  ['education', /\b(education|schools?|english|classes|literacy|stud\w*|tutor\w*)\b/i],
  ['community', /\b(community|social|family|families|youth|seniors|food|relief|welfare)\b/i],
];

/** Schedule days as RFC 5545 writes them. */
export const DAYS: Record<string, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

/** The hours a schedule row gives: its description, else its days and times ("Monday, Tuesday: 09:00–17:00"). */
export function scheduleText(row: HsdsRow): string | undefined {
  if (row.description!.trim()) return row.description;
  const days = row
    .byday!.split(',')
    .map((day) => DAYS[day.trim().toUpperCase()])
    .filter((day): day is string => day !== undefined);
  const time = (value: string) => value.slice(0, 5);
  const hours = row.opens_at && row.closes_at ? `${time(row.opens_at)}–${time(row.closes_at)}` : '';
  return [days.join(', '), hours].filter(Boolean).join(': ') || undefined;
}

/** Zod's reasons in plain English (our schemas' messages are i18n keys). */
export function reasonsOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const key = messageKey(issue.message);
    const text = key === issue.message ? translate('en', key) : issue.message;
    return issue.path.length ? `${issue.path.join('.')}: ${text}` : text;
  });
}

/** Drops undefined members, so that entries compare and store as the content files write them. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as T;
}

/** The valid rows of an HSDS data set, indexed for reading entries. */
export class DataSet {
  private readonly byLink = new Map<string, HsdsRow[]>();
  private readonly terms: Map<string, HsdsRow>;

  constructor(private readonly tables: HsdsTables) {
    for (const attribute of this.rows('attribute')) {
      const list = this.byLink.get(attribute.link_id!) ?? [];
      list.push(attribute);
      this.byLink.set(attribute.link_id!, list);
    }
    this.terms = new Map(this.rows('taxonomy_term').map((term) => [term.id!, term]));
  }

  rows(name: keyof HsdsTables): HsdsRow[] {
    return (this.tables[name]?.rows ?? []).map((row) => row.values);
  }

  lineOf(name: keyof HsdsTables, id: string): string {
    const table = this.tables[name];
    const row = table?.rows.find((candidate) => candidate.values.id === id);
    return table && row ? `${table.file} line ${row.line}` : '';
  }

  /** Whether a term is ours: by its id, or by its code in our taxonomy (a partner may give it a new id). */
  private isOurTerm(term: HsdsRow | undefined, id: string, code: string): boolean {
    if (!term) return false;
    if (term.id === id) return true;
    const inOurTaxonomy = term.taxonomy_id === TAXONOMY.id || term.taxonomy === TAXONOMY.name;
    return inOurTaxonomy && term.code === code;
  }

  /** The attributes of a detail term on any of these rows, in file order. */
  details(linkIds: string[], term: DetailTerm): HsdsRow[] {
    const id = detailTermId(term);
    return linkIds.flatMap((linkId) =>
      (this.byLink.get(linkId) ?? []).filter((attribute) =>
        this.isOurTerm(this.terms.get(attribute.taxonomy_term_id!), id, DETAIL_TERMS[term].code),
      ),
    );
  }

  detail(linkIds: string[], term: DetailTerm): string | undefined {
    return this.details(linkIds, term)[0]?.value;
  }

  /** Our categories among the terms of these rows, then those their names suggest. */
  categories(linkIds: string[]): { ours: HelpCategory[]; suggested: HelpCategory[] } {
    const terms = linkIds.flatMap((linkId) =>
      (this.byLink.get(linkId) ?? [])
        .map((attribute) => this.terms.get(attribute.taxonomy_term_id!))
        .filter((term): term is HsdsRow => term !== undefined),
    );
    const ours = HELP_CATEGORIES.filter((category) =>
      terms.some((term) => this.isOurTerm(term, categoryTermId(category), category)),
    );
    const suggested = terms.flatMap((term) => {
      const words = `${term.name} ${term.code} ${term.description}`;
      return CATEGORY_WORDS.filter(([, pattern]) => pattern.test(words)).map(([category]) => category);
    });
    return { ours, suggested };
  }

  /** Our id of a service or organization: the value of its directory id attribute, "organisation/<id>". */
  directoryId(linkIds: string[]): { kind: EntryKind; id: string } | undefined {
    for (const value of this.details(linkIds, 'directoryId').map((attribute) => attribute.value!)) {
      const match = /^(organisation|government)\/(.+)$/.exec(value);
      if (match) return { kind: match[1] as EntryKind, id: match[2]! };
    }
    return undefined;
  }

  /** The languages of these services and locations, in file order: names of our table, and notes. */
  languages(serviceIds: string[], locationIds: string[]): LanguageEntry[] {
    const entries: LanguageEntry[] = [];
    for (const row of this.rows('language')) {
      if (!serviceIds.includes(row.service_id!) && !locationIds.includes(row.location_id!)) continue;
      const language = languageOf(row.name!, row.code!);
      const note = row.note!.trim();
      const noteVi = this.detail([row.id!], 'viNote');
      if (language) entries.push(language);
      else if (row.name!.trim()) {
        // A language outside our table: kept as written, in both languages.
        const text = note ? `${row.name!.trim()}: ${note}` : row.name!.trim();
        entries.push({ en: text, vi: text });
        continue;
      }
      if (note) entries.push({ en: language ? `${language}: ${note}` : note, vi: noteVi ?? note });
    }
    return entries;
  }

  /** The hours of these services and locations: each schedule's text, in both languages. */
  hours(serviceIds: string[], locationIds: string[]): { en: string; vi: string } | undefined {
    const texts = this.rows('schedule')
      .filter((row) => serviceIds.includes(row.service_id!) || locationIds.includes(row.location_id!))
      .flatMap((row) => {
        const en = scheduleText(row);
        return en ? [{ en, vi: this.detail([row.id!], 'viDescription') ?? en }] : [];
      });
    if (!texts.length) return undefined;
    return { en: texts.map((text) => text.en).join('; '), vi: texts.map((text) => text.vi).join('; ') };
  }
}

export function dedupe<T>(values: T[]): T[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function checkReviewDate(date: string | undefined, today: string, reasons: string[]): void {
  if (!date) reasons.push('it has no review date (assured_date of its services)');
  else if (date > today) reasons.push(`its review date ${date} is in the future`);
}
