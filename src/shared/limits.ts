/**
 * The limits and fixed lists the shared schemas check, and the small rules beside them, without zod: the screens
 * read them without building a schema, which is the heaviest work of a page's start on a phone (decision 029).
 * Each schema module exports again the ones of its domain; the mentor languages are with the others in
 * schemas/languages.ts, which imports no zod either.
 */

export const QUESTION_LIMITS = {
  titleMax: 200,
  contentMax: 10_000,
  tagsMax: 10,
  tagMax: 30,
  replyMax: 5_000,
  pageSize: 20,
  pageMax: 50,
  reportDetailsMax: 1_000,
  voiceNoteMaxBytes: 3 * 1024 * 1024,
  voiceNoteMaxSeconds: 120,
  /** SOS questions stay in their own lane at the top of the feed for this long. */
  urgentLaneHours: 72,
} as const;

/**
 * The Ask dialog's comma-separated tags, split as the spec says; a Chinese keyboard's full-width comma and enumeration
 * comma (，、) separate them too.
 */
export function splitTags(input: string): string[] {
  return input
    .split(/[,，、]/)
    .map((tag) => tag.trim())
    .filter(Boolean);
}

export const REPORT_REASONS = ['spam', 'abuse', 'misleading', 'personal-information', 'other'] as const;

export const CHAT_LIMITS = {
  titleMax: 120,
  contentMax: 4_000,
  pageSize: 50,
  pageMax: 100,
  /** Open (active) conversations a student may have at once. */
  openConversationsMax: 20,
  /** Conversations a student may start in a day, against spam. */
  conversationsPerDay: 10,
  /** Messages a person may send each second, over REST and the socket together. */
  messagesPerSecond: 5,
  clientIdMax: 64,
} as const;

export const MENTOR_PROFILE_LIMITS = { headlineMax: 120, storyMax: 1_000 } as const;

export const MENTOR_LIMITS = {
  ...MENTOR_PROFILE_LIMITS,
  cityMax: 60,
  countryPathMax: 80,
  capacityMin: 1,
  capacityMax: 10,
  capacityDefault: 5,
  /** How far ahead a mentor may say they are away. */
  awayMaxDays: 366,
  searchMax: 100,
  pageSize: 12,
  /** Answers on a mentor's page. */
  recentAnswers: 5,
} as const;

/** What a person is told about. Admins' `new_reports` comes at most once an hour while the queue is not empty. */
export const NOTIFICATION_TYPES = [
  'reply_to_my_question',
  'reply_to_followed',
  'new_conversation',
  'chat_message',
  'conversation_closed',
  'mentor_verified',
  'mentor_declined',
  'content_removed',
  'new_reports',
  'topic_question',
  'conversation_reminder',
  'conversation_no_reply',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const DIRECTORY_REPORT_NOTE_MAX = 500;

/** The export's file name, from the day it was made: the server's attachment and the browser's download agree. */
export function exportFileName(exportedAt: string): string {
  return `mentor-me-data-${exportedAt.slice(0, 10)}.json`;
}

/**
 * The waiting questions are counted up to this many: past it the page says "1,000 or more", and counting a large
 * backlog to the last one would cost every mentor's visit more than the page itself.
 */
export const WAITING_TOTAL_CAP = 1000;
