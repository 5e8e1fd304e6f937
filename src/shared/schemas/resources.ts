import { z } from 'zod';
import { lineText } from './common';

/** Curated help content (content/government, content/resources): validated when loaded and by a test. */
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

const bilingual = z.object({ en: z.string().min(1), vi: z.string().min(1) });
const https = z.url({ protocol: /^https$/ });
/** Australian phone numbers as people write them: 000, 13 11 14, 1800 737 732, 02 9876 5432, +61 ... */
const phone = z.string().regex(/^(\+61 ?)?[0-9][0-9 ]{1,13}[0-9]$/, 'a phone number of digits and spaces');
const isoDate = z.iso.date();
const languageSchema = z.union([z.string().min(1), bilingual]);
export type LanguageEntry = z.infer<typeof languageSchema>;

export const governmentServiceSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: bilingual,
  description: bilingual,
  category: z.enum(GOVERNMENT_CATEGORIES),
  department: z.string().min(1),
  eligibility: z.array(bilingual).max(5),
  contact: z.object({ phone: phone.optional(), email: z.email().optional(), website: https.optional() }),
  operatingHours: bilingual.optional(),
  /** Language names ("English", "Auslan"), or bilingual notes such as "Interpreter available". */
  languages: z.array(languageSchema).min(1),
  location: z.object({ state: z.enum([...AUS_STATES, 'national']), city: z.string().min(1).optional() }),
  source: https,
  lastUpdated: isoDate,
});
export type GovernmentService = z.infer<typeof governmentServiceSchema>;

export const governmentFileSchema = z.object({
  lastReviewed: isoDate,
  services: z.array(governmentServiceSchema),
});

export const organisationSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  category: z.enum(LOCAL_CATEGORIES),
  description: bilingual,
  address: z.string().min(1),
  suburb: z.string().min(1),
  state: z.enum(AUS_STATES),
  postcode: z.string().regex(/^\d{4}$/),
  phone: phone.optional(),
  website: https.optional(),
  hours: bilingual.optional(),
  services: z.array(bilingual).max(8),
  languages: z.array(languageSchema).optional(),
  source: https,
});
export type Organisation = z.infer<typeof organisationSchema>;

export const organisationsFileSchema = z.object({
  lastReviewed: isoDate,
  organisations: z.array(organisationSchema),
});

/** "all" or nothing means no filter. */
const filter = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
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
});
export type GovernmentResourcesQuery = z.input<typeof governmentResourcesQuerySchema>;

export const governmentResourcesResponseSchema = z.object({ resources: z.array(governmentServiceSchema) });

export const postcodeParamsSchema = z.object({ postcode: postcodeSchema });
export const localGovernmentQuerySchema = governmentResourcesQuerySchema.pick({ category: true });

export const resolvedPlaceSchema = z.object({
  postcode: z.string(),
  locality: z.string(),
  state: z.enum(AUS_STATES),
});
export type ResolvedPlace = z.infer<typeof resolvedPlaceSchema>;

export const localGovernmentResponseSchema = z.object({
  place: resolvedPlaceSchema,
  resources: z.array(governmentServiceSchema),
});

export const RESOURCE_RADII_KM = [10, 25, 50, 100] as const;

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
    radius: z.coerce
      .number('validation.radiusInvalid')
      .int('validation.radiusInvalid')
      .min(1, 'validation.radiusInvalid')
      .max(100, 'validation.radiusInvalid')
      .default(RESOURCE_RADII_KM[0]),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), 'validation.coordinatesInvalid')
  .refine((q) => q.lat !== undefined || q.postcode !== undefined, 'validation.locationRequired');
export type LocalResourcesQuery = z.input<typeof localResourcesQuerySchema>;

export const localResourceSchema = organisationSchema.extend({ distanceKm: z.number() });
export type LocalResource = z.infer<typeof localResourceSchema>;

export const localResourcesResponseSchema = z.object({
  /** The nearest locality of the coordinates, or the postcode's; null far from any Australian locality. */
  place: resolvedPlaceSchema.nullable(),
  /** The radius asked for, and the one the results come from: wider when nothing was near; null = the whole state. */
  requestedRadiusKm: z.number(),
  radiusKm: z.number().nullable(),
  counts: z.record(z.string(), z.number()),
  resources: z.array(localResourceSchema),
});
export type LocalResourcesResponse = z.infer<typeof localResourcesResponseSchema>;
