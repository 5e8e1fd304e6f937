import { z } from 'zod';

export const publicConfigSchema = z.object({
  demoMode: z.boolean(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  careerPlatformUrl: z.string().nullable(),
  bookingUrl: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const communityStatsSchema = z.object({
  members: z.number().int(),
  mentors: z.number().int(),
  questionsAnswered: z.number().int(),
  foundingMembers: z.number().int(),
});
export type CommunityStats = z.infer<typeof communityStatsSchema>;

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
