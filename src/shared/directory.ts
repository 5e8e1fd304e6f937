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

export const RESOURCE_RADII_KM = [10, 25, 50, 100] as const;
/** Organisations on a page when browsing the whole directory. */
export const RESOURCE_PAGE_SIZE = 20;
