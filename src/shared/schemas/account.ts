import { z } from 'zod';
import './common';
import { localeSchema, roleSchema } from './auth';
import { NOTIFICATION_TYPES, preferencesSchema } from './notifications';

/**
 * Everything Mentor Me holds about one person, as they download it from their profile. It names other people's
 * questions and replies only by id: their words are theirs, not part of this person's data. Never the password
 * hash or a session token.
 */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    role: roleSchema,
    locale: localeSchema,
    isDemo: z.boolean(),
    mentorVerifiedAt: z.string().nullable(),
    emailVerifiedAt: z.string().nullable(),
    /** Why an admin declined a mentor application, until the person has read it. */
    mentorDeclinedReason: z.string().nullable(),
    isFoundingMember: z.boolean(),
    headline: z.string().nullable(),
    story: z.string().nullable(),
    countryPath: z.string().nullable(),
    expertise: z.array(z.string()),
    /** Where the person lives, if they said; a mentor's topics and languages. */
    state: z.string().nullable(),
    city: z.string().nullable(),
    topics: z.array(z.string()),
    languages: z.array(z.string()),
    createdAt: z.string(),
    lastSeenAt: z.string().nullable(),
  }),
  sessions: z.array(z.object({ createdAt: z.string(), lastUsedAt: z.string(), expiresAt: z.string() })),
  questions: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      content: z.string(),
      category: z.object({ slug: z.string(), name: z.string() }).nullable(),
      tags: z.array(z.string()),
      isUrgent: z.boolean(),
      isAnonymous: z.boolean(),
      upvotes: z.number(),
      replyCount: z.number(),
      createdAt: z.string(),
    }),
  ),
  replies: z.array(
    z.object({ id: z.string(), questionId: z.string(), content: z.string(), createdAt: z.string() }),
  ),
  likes: z.array(z.object({ questionId: z.string(), createdAt: z.string() })),
  bookmarks: z.array(z.object({ questionId: z.string(), createdAt: z.string() })),
  /** Questions whose new replies they hear of. */
  follows: z.array(z.object({ questionId: z.string(), createdAt: z.string() })),
  reports: z.array(
    z.object({
      id: z.string(),
      questionId: z.string().nullable(),
      replyId: z.string().nullable(),
      conversationId: z.string().nullable(),
      messageId: z.string().nullable(),
      reason: z.string(),
      details: z.string().nullable(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Mentor chats this person takes part in, and the messages they sent (the other person's words are theirs). */
  conversations: z.array(
    z.object({ id: z.string(), title: z.string(), status: z.string(), createdAt: z.string() }),
  ),
  messages: z.array(
    z.object({ id: z.string(), conversationId: z.string(), content: z.string(), createdAt: z.string() }),
  ),
  voiceNotes: z.array(
    z.object({ questionId: z.string(), mimeType: z.string(), byteLength: z.number(), createdAt: z.string() }),
  ),
  serviceNotices: z.array(z.object({ serviceId: z.string(), note: z.string(), updatedAt: z.string() })),
  failedSignIns: z.array(z.object({ createdAt: z.string() })),
  /** What the bell told them: what about (by id, never who acted), and when it was read, emailed and pushed. */
  notifications: z.array(
    z.object({
      id: z.string(),
      type: z.enum(NOTIFICATION_TYPES),
      questionId: z.string().nullable(),
      replyId: z.string().nullable(),
      conversationId: z.string().nullable(),
      detail: z.string().nullable(),
      count: z.number(),
      createdAt: z.string(),
      readAt: z.string().nullable(),
      emailedAt: z.string().nullable(),
      pushedAt: z.string().nullable(),
    }),
  ),
  notificationPreferences: preferencesSchema,
  /** The browsers they asked to be pushed to: the push service's address, not the keys. */
  pushSubscriptions: z.array(
    z.object({ endpoint: z.string(), createdAt: z.string(), lastSuccessAt: z.string().nullable() }),
  ),
  /** The emails sent to their address: the kind and when, not their links. */
  emails: z.array(
    z.object({ kind: z.string(), status: z.string(), createdAt: z.string(), sentAt: z.string().nullable() }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export { exportFileName } from '../limits';
