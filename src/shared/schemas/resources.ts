import { LOCALES } from '../languages';
import { z } from 'zod';
import { langQuery, lineText, longText, pageFields, pageQuery } from './common';
import {
  AUS_STATES,
  GOVERNMENT_CATEGORIES,
  LANGUAGE_INTERPRETER,
  LOCAL_CATEGORIES,
  RESOURCE_RADII_KM,
} from '../directory';
import { LANGUAGE_KEYS } from './languages';

export {
  AUS_STATES,
  DIRECTORY_ENTRY_TYPES,
  DIRECTORY_PROBLEMS,
  GOVERNMENT_CATEGORIES,
  LANGUAGE_INTERPRETER,
  LOCAL_CATEGORIES,
  RESOURCE_PAGE_SIZE,
  RESOURCE_RADII_KM,
  type HelpCategory,
} from '../directory';

/**
 * Curated help content (content/government, content/resources, and admins' edits): validated when loaded, by a test
 * and by the admins' editor. Messages are i18n keys, so the editor names the rule broken in the admin's language.
 *
 * What is written (the content files, the editor, an import) holds no control, invisible or text-direction
 * characters: readers call these numbers and trust these names. Answers check an entry as stored by every rule but
 * that one, so an entry saved before it still opens in the editor, which then names the text to correct.
 */
function entrySchemas(written: boolean) {
  const rules = { visibleOnly: true };
  const text = (max: number, multiline = false) =>
    (written ? (multiline ? longText : lineText)(undefined, rules) : z.string().trim())
      .min(1, 'directory.errors.required')
      .max(max, 'directory.errors.tooLong');
  const bilingualText = (max: number, multiline = false) =>
    z.object({ en: text(max, multiline), vi: text(max, multiline) });
  const bilingual = bilingualText(300);
  const url = z
    .url({ protocol: /^https$/, message: 'directory.errors.https' })
    .max(500, 'directory.errors.tooLong');
  // Hidden characters first: the URL parser takes many of them in, and its message would not name them. The API's
  // documentation still says what the address must be.
  const https: z.ZodType<string, string> = written
    ? lineText(undefined, rules).pipe(url).meta({ format: 'uri', maxLength: 500 })
    : url;
  /** Australian phone numbers as people write them: 000, 13 11 14, 1800 737 732, 02 9876 5432, +61 ... */
  const phone = z.string().regex(/^(\+61 ?)?[0-9][0-9 ]{1,13}[0-9]$/, 'directory.errors.phone');
  const isoDate = z.iso.date('directory.errors.date');
  const entryId = z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'directory.errors.id')
    .max(80, 'directory.errors.tooLong');
  /** A language by its English name (`LANGUAGE_NAMES`), or a note such as "Free interpreter on request". */
  const language = z.union([z.enum(LANGUAGE_KEYS), bilingual], 'directory.errors.language');

  const governmentService = z.object({
    id: entryId,
    title: bilingualText(200),
    description: bilingualText(2_000, true),
    category: z.enum(GOVERNMENT_CATEGORIES, 'validation.categoryInvalid'),
    department: text(200),
    eligibility: z.array(bilingual).max(5, 'directory.errors.tooManyEligibility'),
    contactInfo: z.object({
      phone: phone.optional(),
      email: z.email('validation.emailInvalid').optional(),
      website: https.optional(),
    }),
    operatingHours: bilingual.optional(),
    /** The languages the service is offered in, as its source says. */
    languages: z
      .array(language)
      .min(1, 'directory.errors.languageRequired')
      .max(40, 'directory.errors.tooLong'),
    /** Where the languages are stated, when that is not the page in `source`. */
    languagesSource: https.optional(),
    location: z.object({
      state: z.enum([...AUS_STATES, 'national'], 'validation.stateInvalid'),
      city: text(100).optional(),
    }),
    /** The page its facts come from: its own site or an official one; absent until one is found (decision 042). */
    source: https.optional(),
    lastUpdated: isoDate,
  });

  const organisation = z.object({
    id: entryId,
    name: text(200),
    category: z.enum(LOCAL_CATEGORIES, 'validation.categoryInvalid'),
    description: bilingualText(2_000, true),
    address: text(200),
    suburb: text(100),
    state: z.enum(AUS_STATES, 'validation.stateInvalid'),
    postcode: z.string().regex(/^\d{4}$/, 'validation.postcodeInvalid'),
    phone: phone.optional(),
    website: https.optional(),
    hours: bilingual.optional(),
    services: z.array(bilingual).max(8, 'directory.errors.tooManyServices'),
    /** The languages its source says are spoken or offered: bilingual workers, in-language services, interpreters. */
    supportedLanguages: z.array(language).max(40, 'directory.errors.tooLong').optional(),
    /** Where the languages are stated, when that is not the page in `source`. */
    languagesSource: https.optional(),
    /** The organisation's own site or an official register; absent until one is found (decision 042). */
    source: https.optional(),
    /** The day its facts were last checked against the source. */
    lastReviewed: isoDate,
  });
  return { governmentService, organisation, language };
}

const written = entrySchemas(true);
const stored = entrySchemas(false);
export type LanguageEntry = z.infer<typeof written.language>;

export const governmentServiceSchema = written.governmentService;
export type GovernmentService = z.infer<typeof governmentServiceSchema>;
/** A government service as stored, for answers (see entrySchemas). */
export const storedGovernmentServiceSchema = stored.governmentService;

export const governmentFileSchema = z.object({
  services: z.array(governmentServiceSchema),
});

export const organisationSchema = written.organisation;
export type Organisation = z.infer<typeof organisationSchema>;
/** An organisation as stored, for answers (see entrySchemas). */
export const storedOrganisationSchema = stored.organisation;

export const organisationsFileSchema = z.object({
  organisations: z.array(organisationSchema),
});

/** "all" or nothing means no filter. */
export const filter = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .enum([...values, 'all'], message)
    .optional()
    .transform((v) => (v === 'all' ? undefined : (v as T[number] | undefined)));

const postcodeSchema = z.string().regex(/^\d{4}$/, 'validation.postcodeInvalid');

export const governmentResourcesQuerySchema = z.object({
  keyword: lineText()
    .max(200, 'validation.searchMax')
    .optional()
    .transform((v) => v || undefined),
  category: filter(GOVERNMENT_CATEGORIES, 'validation.categoryInvalid'),
  state: filter(AUS_STATES, 'validation.stateInvalid'),
  ...langQuery,
});
export type GovernmentResourcesQuery = z.input<typeof governmentResourcesQuerySchema>;

/** A government service as the spec's entity, every text in the reader's language, with the page it comes from. */
export const governmentResourceSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(GOVERNMENT_CATEGORIES),
  department: z.string(),
  eligibility: z.array(z.string()),
  contactInfo: z.object({
    phone: z.string().optional(),
    email: z.string().optional(),
    website: z.string().optional(),
  }),
  operatingHours: z.string().optional(),
  languages: z.array(z.string()),
  location: z.object({ city: z.string().optional(), state: z.enum([...AUS_STATES, 'national']) }),
  lastUpdated: z.string(),
  /** Null when no official source has been found yet. */
  source: z.string().nullable(),
  /** The language its own texts are in: the reader's, or English where no checked translation exists yet. */
  textLanguage: z.enum(LOCALES),
});
export type GovernmentResource = z.infer<typeof governmentResourceSchema>;

export const governmentResourcesResponseSchema = z.object({ resources: z.array(governmentResourceSchema) });

export const postcodeParamsSchema = z.object({ postcode: postcodeSchema });
/** The spec's optional category, and the words of the page's one search form (decision 042). */
export const localGovernmentQuerySchema = governmentResourcesQuerySchema.pick({
  keyword: true,
  category: true,
  lang: true,
});

export const resolvedPlaceSchema = z.object({
  postcode: z.string(),
  locality: z.string(),
  state: z.enum(AUS_STATES),
});
export type ResolvedPlace = z.infer<typeof resolvedPlaceSchema>;

export const localGovernmentResponseSchema = z.object({
  place: resolvedPlaceSchema,
  resources: z.array(governmentResourceSchema),
});

/**
 * Near a position (`lat` and `lng`) or a postcode: the organisations within the radius, nearest first. With
 * neither: the whole directory, a page at a time, filtered by `state`. Either way filtered by category, a search
 * and a language.
 */
export const localResourcesQuerySchema = z
  .object({
    lat: z.coerce
      .number('validation.coordinatesInvalid')
      .min(-90, 'validation.coordinatesInvalid')
      .max(90, 'validation.coordinatesInvalid')
      .optional(),
    lng: z.coerce
      .number('validation.coordinatesInvalid')
      .min(-180, 'validation.coordinatesInvalid')
      .max(180, 'validation.coordinatesInvalid')
      .optional(),
    postcode: postcodeSchema.optional(),
    category: filter(LOCAL_CATEGORIES, 'validation.categoryInvalid'),
    state: filter(AUS_STATES, 'validation.stateInvalid'),
    /** Names, services and suburbs, typos forgiven. */
    q: lineText()
      .max(200, 'validation.searchMax')
      .optional()
      .transform((v) => v || undefined),
    /** A language spoken there (its English name), or "interpreter": one is offered. */
    language: filter([...LANGUAGE_KEYS, LANGUAGE_INTERPRETER], 'validation.spokenLanguageInvalid'),
    radius: z.coerce
      .number('validation.radiusInvalid')
      .int('validation.radiusInvalid')
      .min(1, 'validation.radiusInvalid')
      .max(100, 'validation.radiusInvalid')
      .default(RESOURCE_RADII_KM[0]),
    page: pageQuery,
    ...langQuery,
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), 'validation.coordinatesInvalid');
export type LocalResourcesQuery = z.input<typeof localResourcesQuerySchema>;

/**
 * A local organisation as the spec's entity, every text in the reader's language: `address` is the whole line,
 * `distance` is in km with one decimal (null when browsing without a location). No rating: we have none.
 */
export const localResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(LOCAL_CATEGORIES),
  description: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  hours: z.string().nullable(),
  distance: z.number().nullable(),
  services: z.array(z.string()),
  supportedLanguages: z.array(z.string()),
  /** Of `supportedLanguages`, the languages spoken or offered there ... */
  spokenLanguages: z.array(z.string()),
  /** ... and the notes on interpreting ("Free interpreter on request"). */
  interpreterNotes: z.array(z.string()),
  suburb: z.string(),
  state: z.enum(AUS_STATES),
  postcode: z.string(),
  /** Null when no official source has been found yet. */
  source: z.string().nullable(),
  lastReviewed: z.string(),
  /** The language its own texts are in: the reader's, or English where no checked translation exists yet. */
  textLanguage: z.enum(LOCALES),
});
export type LocalResource = z.infer<typeof localResourceSchema>;

export const localResourcesResponseSchema = z.object({
  /** The nearest locality of the coordinates, or the postcode's; null when browsing or far from any locality. */
  place: resolvedPlaceSchema.nullable(),
  /** The radius asked for, and the one the results come from: wider when nothing was near; null = the whole state. */
  requestedRadiusKm: z.number().nullable(),
  radiusKm: z.number().nullable(),
  /** Organisations per category in the same area (or, browsing, the same state). */
  counts: z.record(z.string(), z.number()),
  resources: z.array(localResourceSchema),
  /** Every organisation that matches; near a place they all come on one page. */
  ...pageFields,
});
export type LocalResourcesResponse = z.infer<typeof localResourcesResponseSchema>;
