import { z } from 'zod';

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

const bilingual = z.object({ en: z.string().min(1), vi: z.string().min(1) });
const https = z.url({ protocol: /^https$/ });
/** Australian phone numbers as people write them: 000, 13 11 14, 1800 737 732, 02 9876 5432, +61 ... */
const phone = z.string().regex(/^(\+61 ?)?[0-9][0-9 ]{1,13}[0-9]$/, 'a phone number of digits and spaces');
const isoDate = z.iso.date();

export const governmentServiceSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: bilingual,
  description: bilingual,
  category: z.enum(GOVERNMENT_CATEGORIES),
  department: z.string().min(1),
  eligibility: z.array(bilingual).max(5),
  contact: z.object({ phone: phone.optional(), email: z.email().optional(), website: https.optional() }),
  operatingHours: bilingual.optional(),
  languages: z.array(z.string().min(1)).min(1),
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
  languages: z.array(z.string().min(1)).optional(),
  source: https,
});
export type Organisation = z.infer<typeof organisationSchema>;

export const organisationsFileSchema = z.object({
  lastReviewed: isoDate,
  organisations: z.array(organisationSchema),
});
