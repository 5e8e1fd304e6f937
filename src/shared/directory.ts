import { monthsBefore } from './australian-date';

/**
 * The help directory's states, kinds of help and paging: plain lists, shared by the server's schemas
 * (schemas/resources.ts) and the screens, which need them without the schema library.
 */
export const AUS_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
export const GOVERNMENT_CATEGORIES = [
  'immigration',
  'education',
  'healthcare',
  'employment',
  'housing',
  'benefits',
  'legal',
  'emergency',
] as const;
export const LOCAL_CATEGORIES = [
  'immigration',
  'healthcare',
  'education',
  'housing',
  'employment',
  'legal',
  'community',
] as const;

/** The kinds of help, of government services and local organisations alike (`help.categories.*`). */
export type HelpCategory = (typeof GOVERNMENT_CATEGORIES)[number] | (typeof LOCAL_CATEGORIES)[number];

/** The directory's language filter's value for "an interpreter is offered". */
export const LANGUAGE_INTERPRETER = 'interpreter';

export const RESOURCE_RADII_KM = [10, 25, 50, 100] as const;
/** Organisations on a page when browsing the whole directory. */
export const RESOURCE_PAGE_SIZE = 20;

/** The two kinds of directory entry: local organisations and government services. */
export const DIRECTORY_ENTRY_TYPES = ['organisation', 'government'] as const;
export type DirectoryEntryType = (typeof DIRECTORY_ENTRY_TYPES)[number];
/** What a reader can say is out of date on an entry (`directory.problems.*`). */
export const DIRECTORY_PROBLEMS = [
  'closed',
  'phone',
  'address',
  'hours',
  'languages',
  'website',
  'other',
] as const;
export type DirectoryProblem = (typeof DIRECTORY_PROBLEMS)[number];
/** Reviewed longer ago than this, an entry counts in "Needs review" on the dashboard. */
export const DIRECTORY_REVIEW_MONTHS = 12;
/** Reviewed longer ago than this, its card says the information may be out of date. */
export const DIRECTORY_STALE_MONTHS = 24;

/** How an entry's last review stands on `today` (YYYY-MM-DD, Australian): due after 12 months, stale after 24. */
export function reviewState(lastReviewed: string, today: string): 'current' | 'needs-review' | 'stale' {
  if (lastReviewed < monthsBefore(today, DIRECTORY_STALE_MONTHS)) return 'stale';
  if (lastReviewed < monthsBefore(today, DIRECTORY_REVIEW_MONTHS)) return 'needs-review';
  return 'current';
}

/** The government service that gives a free phone interpreter in any language, from anywhere (TIS National). */
export const INTERPRETER_LINE_ID = 'tis-national';
