import { z } from 'zod';
import { localizedSchema } from './common';
import type { Locale } from '../constants';

export const publicConfigSchema = z.object({
  /** The site runs in demo mode: its content is sample content. */
  demoMode: z.boolean(),
  /** The demo accounts are offered to this caller (demo mode, and a local trial or DEMO_MODE=true). */
  demoSignIn: z.boolean(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  careerPlatformUrl: z.string().nullable(),
  chloeCallUrl: z.string().nullable(),
  publicUrl: z.string().nullable(),
  /** Emails are sent (not `MAIL_DISABLED`): sign-up then asks the person to confirm their address. */
  emailEnabled: z.boolean(),
  /** A model is configured (AI_BASE_URL): readers are offered translations of posts in other languages. */
  machineTranslation: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const communityStatsSchema = z.object({
  members: z.number().int(),
  mentors: z.number().int(),
  questionsAnswered: z.number().int(),
  foundingMembers: z.number().int(),
});
export type CommunityStats = z.infer<typeof communityStatsSchema>;

/** What a member says about themselves, as the Founders page shows it. */
export type ProfileText = {
  headline: string | null;
  story: string | null;
  countryPath: string | null;
  expertise: string[];
};
/** A profile in other languages than the one it was written in. */
export type ProfileTranslations = Partial<Record<Locale, ProfileText>>;

export const founderSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  role: z.enum(['student', 'mentor', 'admin']),
  headline: z.string().nullable(),
  story: z.string().nullable(),
  countryPath: z.string().nullable(),
  expertise: z.array(z.string()),
  joinedAt: z.string(),
  contributions: z.number().int(),
  /** Sample profiles seeded in demo mode are labelled as such. */
  isDemo: z.boolean(),
});
export type Founder = z.infer<typeof founderSchema>;

export const foundersResponseSchema = z.object({ founders: z.array(founderSchema) });

/** Curated content in content/: validated by a test, typed for the pages that show it. */
const bilingual = localizedSchema(z.string().min(1));
const isoDate = z.iso.date();

export const faqSchema = z
  .array(z.object({ id: z.string().min(1), question: bilingual, answer: bilingual }))
  .length(5);
export type FaqItem = z.infer<typeof faqSchema>[number];

const legalBody = z.object({
  title: z.string().min(1),
  intro: z.string().min(1),
  sections: z
    .array(z.object({ heading: z.string().min(1), paragraphs: z.array(z.string().min(1)).min(1) }))
    .min(1),
});
export const legalPageSchema = z.object({ lastReviewed: isoDate }).and(localizedSchema(legalBody));
export type LegalPage = z.infer<typeof legalPageSchema>;

export const officialSourcesSchema = z.object({
  lastReviewed: isoDate,
  sources: z
    .array(
      z.object({
        id: z.string().min(1),
        name: bilingual,
        description: bilingual,
        url: z.url({ protocol: /^https$/ }),
      }),
    )
    .min(1),
});
