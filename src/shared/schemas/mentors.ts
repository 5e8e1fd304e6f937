import { z } from 'zod';
import { australianToday } from '../australian-date';
import { CATEGORY_SLUGS } from '../categories';
import { AUS_STATES } from '../directory';
import { cursorQuery } from '../cursor';
import { lineText, longText } from './common';
import { MENTOR_LIMITS } from '../limits';
import { MENTOR_LANGUAGES } from './languages';

export { MENTOR_LIMITS } from '../limits';
export { MENTOR_LANGUAGES, mentorLanguageName, type MentorLanguage } from './languages';

/** Whether a mentor takes new conversations: open, away until a day, or full (as many open as their capacity). */
export const MENTOR_AVAILABILITY = ['open', 'away', 'full'] as const;
export type MentorAvailability = (typeof MENTOR_AVAILABILITY)[number];

/** When a mentor was last on the site, in Australian days: today, in the last 7 days, or in the last 30. */
export const LAST_ACTIVE = ['today', 'week', 'month'] as const;
export type LastActive = (typeof LAST_ACTIVE)[number];

const optionalLine = (max: number, tooLong: string) =>
  lineText()
    .max(max, tooLong)
    .transform((v) => v || null)
    .nullable();

const unique = <T>(list: T[]) => new Set(list).size === list.length;

/** A mentor edits their profile: any of its fields, each checked, with a message in the reader's language. */
export const mentorProfileUpdateSchema = z
  .object({
    headline: lineText()
      .min(1, 'validation.headlineRequired')
      .max(MENTOR_LIMITS.headlineMax, 'validation.headlineMax'),
    story: longText()
      .max(MENTOR_LIMITS.storyMax, 'validation.storyMax')
      .transform((v) => v || null)
      .nullable(),
    topics: z
      .array(z.enum(CATEGORY_SLUGS, 'mentors.errors.topicInvalid'), 'mentors.errors.topicInvalid')
      .max(CATEGORY_SLUGS.length, 'mentors.errors.topicInvalid')
      .refine(unique, 'mentors.errors.topicInvalid'),
    languages: z
      .array(z.enum(MENTOR_LANGUAGES, 'mentors.errors.languageInvalid'), 'mentors.errors.languageInvalid')
      .min(1, 'mentors.errors.languageRequired')
      .max(MENTOR_LANGUAGES.length, 'mentors.errors.languageInvalid')
      .refine(unique, 'mentors.errors.languageInvalid'),
    countryPath: optionalLine(MENTOR_LIMITS.countryPathMax, 'mentors.errors.countryPathMax'),
    state: z.enum(AUS_STATES, 'validation.stateInvalid').nullable(),
    city: optionalLine(MENTOR_LIMITS.cityMax, 'mentors.errors.cityMax'),
    /** The last day away (YYYY-MM-DD, today or later, within a year), or null for open. */
    awayUntil: z
      .string('mentors.errors.awayInvalid')
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'mentors.errors.awayInvalid')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'mentors.errors.awayInvalid')
      .refine((v) => v >= australianToday(), 'mentors.errors.awayPast')
      .refine(
        (v) =>
          Date.parse(`${v}T00:00:00Z`) - Date.parse(`${australianToday()}T00:00:00Z`) <=
          MENTOR_LIMITS.awayMaxDays * 24 * 60 * 60 * 1000,
        'mentors.errors.awayTooFar',
      )
      .nullable(),
    capacity: z
      .number('mentors.errors.capacityInvalid')
      .int('mentors.errors.capacityInvalid')
      .min(MENTOR_LIMITS.capacityMin, 'mentors.errors.capacityInvalid')
      .max(MENTOR_LIMITS.capacityMax, 'mentors.errors.capacityInvalid'),
    showsLastActive: z.boolean('validation.invalidInput'),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'validation.nothingToUpdate');
export type MentorProfileUpdate = z.input<typeof mentorProfileUpdateSchema>;

/** A mentor's own profile as they edit it. */
export const mentorProfileSchema = z.object({
  headline: z.string().nullable(),
  story: z.string().nullable(),
  topics: z.array(z.string()),
  languages: z.array(z.string()),
  countryPath: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  awayUntil: z.string().nullable(),
  capacity: z.number().int(),
  /** Whether their card says when they were last active. */
  showsLastActive: z.boolean(),
  /** Without a headline a mentor is not offered to students and cannot be verified. */
  complete: z.boolean(),
});
export type MentorProfile = z.infer<typeof mentorProfileSchema>;

/** A verified mentor as anyone sees them: never an email or anything private. */
export const mentorSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  headline: z.string().nullable(),
  /** Free-text experience (founders' tags), kept for the spec's Mentor. */
  expertise: z.array(z.string()),
  topics: z.array(z.string()),
  languages: z.array(z.string()),
  state: z.string().nullable(),
  city: z.string().nullable(),
  /** Questions they answered, and their answers the asker marked "This helped". */
  answerCount: z.number().int(),
  helpfulCount: z.number().int(),
  availability: z.enum(MENTOR_AVAILABILITY),
  awayUntil: z.string().nullable(),
  /**
   * The median minutes from a conversation's start to the mentor's first reply, over their conversations of the
   * last 90 days; null with fewer than REPLY_TIME_MIN_CONVERSATIONS replied, or when most went unanswered.
   */
  replyTime: z.number().int().nullable(),
  /** When they were last on the site; null when longer ago than a month, never, or they hide it. */
  lastActive: z.enum(LAST_ACTIVE).nullable(),
  /** A sample profile of the demo data, labelled as one. */
  isDemo: z.boolean(),
});
export type Mentor = z.infer<typeof mentorSchema>;

/**
 * Where the next page of mentors starts: after this one, in the list's order (open to new chats first, then by
 * name without case, then id).
 */
export const mentorCursorSchema = z.strictObject({
  away: z.boolean(),
  name: z.string().max(200),
  id: z.guid(),
});
export type MentorCursor = z.infer<typeof mentorCursorSchema>;

export const mentorsQuerySchema = z.object({
  topic: z.enum(CATEGORY_SLUGS, 'mentors.errors.topicInvalid').optional(),
  language: z.enum(MENTOR_LANGUAGES, 'mentors.errors.languageInvalid').optional(),
  state: z.enum(AUS_STATES, 'validation.stateInvalid').optional(),
  q: lineText().max(MENTOR_LIMITS.searchMax, 'validation.searchMax').optional(),
  // A name of up to 200 characters, each up to 4 bytes in UTF-8, in base64.
  cursor: cursorQuery(mentorCursorSchema, 1_200),
  /**
   * Other mentors for a student whose conversation with this one closed unanswered: only those taking new
   * conversations now, sharing a topic with this mentor and speaking the reader's language, never this mentor.
   */
  similarTo: z.uuid('validation.idInvalid').optional(),
});
export type MentorsQuery = z.infer<typeof mentorsQuerySchema>;

export const mentorsResponseSchema = z.object({
  mentors: z.array(mentorSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type MentorsResponse = z.infer<typeof mentorsResponseSchema>;

export const mentorAnswerSchema = z.object({
  id: z.string(),
  questionId: z.string(),
  questionTitle: z.string(),
  /** The start of the answer. The question's asker is never named here. */
  content: z.string(),
  createdAt: z.string(),
  helpful: z.boolean(),
});

export const mentorDetailSchema = mentorSchema.extend({
  story: z.string().nullable(),
  countryPath: z.string().nullable(),
  recentAnswers: z.array(mentorAnswerSchema),
});
export type MentorDetail = z.infer<typeof mentorDetailSchema>;

export const mentorParamsSchema = z.object({ id: z.uuid('validation.idInvalid') });
