import { z } from 'zod';
import { CATEGORY_SLUGS } from '../categories';
import { LOCALES } from '../constants';

/** How long people wait for a person's answer: the admin dashboard's "How long people wait". */
export const WAITING_LIMITS = {
  /** Every figure covers the questions asked in this many days before the request. */
  days: 90,
  /** The chart's weeks, the current one last. */
  weeks: 12,
  /** How many of the questions waiting longest are listed. */
  longest: 10,
  /** "Answered soon": a person's first answer within this many hours. */
  withinHours: 24,
} as const;

/**
 * The chart's weeks start on Monday at midnight in Sydney and Melbourne, where most members live; a week is named
 * by the date of its Monday.
 */
export const WAITING_TIME_ZONE = 'Australia/Sydney';

const figures = {
  /** Questions asked. */
  asked: z.number().int(),
  /** Of those, answered by a person (not Chloe, not the asker). */
  answered: z.number().int(),
  /** The median minutes from asking to the first answer from a person, over the answered ones; null: none. */
  medianMinutes: z.number().nullable(),
  /**
   * The share (0–1) answered by a person within 24 hours, of the questions whose first 24 hours are over or that
   * have such an answer already; null when there are none yet.
   */
  within24h: z.number().nullable(),
};

export const waitingTopicSchema = z.object({
  /** The category's slug; null for questions without one. */
  topic: z.enum(CATEGORY_SLUGS).nullable(),
  language: z.enum(LOCALES),
  ...figures,
});
export type WaitingTopic = z.infer<typeof waitingTopicSchema>;

export const waitingQuestionSchema = z.object({
  id: z.string(),
  title: z.string(),
  topic: z.enum(CATEGORY_SLUGS).nullable(),
  language: z.enum(LOCALES),
  isUrgent: z.boolean(),
  createdAt: z.string(),
});
export type WaitingQuestion = z.infer<typeof waitingQuestionSchema>;

export const waitingWeekSchema = z.object({
  /** The week's Monday, a calendar date ("2026-03-09"). */
  weekStart: z.string(),
  ...figures,
});
export type WaitingWeek = z.infer<typeof waitingWeekSchema>;

export const adminWaitingSchema = z.object({
  /** All the questions of the period together. */
  overall: z.object(figures),
  /** One row per topic and language that had questions, the most asked first. */
  topics: z.array(waitingTopicSchema),
  /** Questions of the period no person has answered yet, the longest waiting first. */
  longest: z.array(waitingQuestionSchema),
  /** The last 12 weeks by the week each question was asked in, the oldest first; the last is the current one. */
  weeks: z.array(waitingWeekSchema),
  /** The moment the figures are counted at. */
  generatedAt: z.string(),
});
export type AdminWaiting = z.infer<typeof adminWaitingSchema>;
