import { z } from 'zod';
import { ROLES } from '../constants';
import { hasForbiddenCharacters, lineText } from './common';
import { latestCursorQuery } from './questions';
import { NOTIFICATION_TYPES } from '../limits';

export { NOTIFICATION_TYPES, type NotificationType } from '../limits';

/** What a notification opens: a question page, a chat, the profile (mentor decisions) or the admins' report queue. */
export const NOTIFICATION_TARGETS = ['question', 'conversation', 'profile', 'reports'] as const;
export type NotificationTargetKind = (typeof NOTIFICATION_TARGETS)[number];

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** Who acted; null for the system, Chloe's moderators' decisions, and an anonymous asker. */
  actor: z.object({ displayName: z.string(), role: z.enum(ROLES) }).nullable(),
  /**
   * `id` is the question or conversation; null for the profile and the report queue. `replyId`, on a reply's
   * notification only, is the reply it is about: it opens there (decision 038).
   */
  target: z.object({
    kind: z.enum(NOTIFICATION_TARGETS),
    id: z.string().nullable(),
    title: z.string(),
    replyId: z.string().optional(),
  }),
  /** One sentence in the reader's language. */
  text: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * A page starts after a notification (its time to the microsecond, then its id), as the latest feed's pages do:
 * a cursor the server did not make is a 400, never a database error. An empty cursor is the first page.
 */
export const notificationsQuerySchema = z.object({
  cursor: latestCursorQuery(),
});

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsResponseSchema>;

export const markReadSchema = z.union([
  z.object({ ids: z.array(z.uuid('validation.idInvalid')).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
  /** Those about one question: its page was opened, and its replies read there. */
  z.object({ questionId: z.uuid('validation.idInvalid') }),
]);
export type MarkReadInput = z.infer<typeof markReadSchema>;
export const markReadResponseSchema = z.object({ unread: z.number().int() });

/** For each type, which of email and push are on. */
export const channelsSchema = z.object({ email: z.boolean(), push: z.boolean() });
export const preferencesSchema = z.object({
  types: z.record(z.enum(NOTIFICATION_TYPES), channelsSchema),
  /** One email a day with everything instead of single emails. */
  emailDigest: z.boolean(),
  /** The lock screen shows the question's or chat's title instead of only "New reply on Mentor Me". */
  pushShowsTitles: z.boolean(),
  /** A mentor's daily email of the questions waiting in their topics and languages (off by default). */
  waitingEmail: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof preferencesSchema>;
/** A PUT may send only what changes. */
export const preferencesUpdateSchema = z.object({
  types: z.partialRecord(z.enum(NOTIFICATION_TYPES), channelsSchema.partial()).optional(),
  emailDigest: z.boolean().optional(),
  pushShowsTitles: z.boolean().optional(),
  waitingEmail: z.boolean().optional(),
});
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

/** A browser's push subscription (PushSubscription.toJSON()). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'validation.invalidInput' })
    .max(2_000)
    .refine((v) => !hasForbiddenCharacters(v, false), 'validation.controlCharacters'),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
export const pushUnsubscribeSchema = z.object({ endpoint: lineText().min(1).max(2_000) });
export const pushKeyResponseSchema = z.object({ publicKey: z.string() });

export const unsubscribeSchema = z.object({ token: z.string().min(1).max(300) });
/** What an emailed link turns off: one type's emails, or (a digest's link) every notification email. */
export const UNSUBSCRIBE_SCOPES = [...NOTIFICATION_TYPES, 'all'] as const;
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];
export const unsubscribeResponseSchema = z.object({ type: z.enum(UNSUBSCRIBE_SCOPES) });

export const followResponseSchema = z.object({ following: z.boolean() });

/** What the socket says of notifications: the bell's count, after every change of it. */
export type NotificationFrame = { type: 'notifications'; unread: number };

/** What the socket says to readers of the feed and of a question page (members and visitors alike). */
export type LiveFrame =
  | { type: 'question_posted'; questionId: string; category: string }
  | { type: 'reply_posted'; questionId: string; replyId: string }
  /** Chloe had nothing on the question and will not reply: it waits for a person. */
  | { type: 'chloe_no_reply'; questionId: string };

/** A client asks for the public events of the feed or of one question. */
export const watchFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('watch'),
    topic: z.enum(['feed']).or(z.string().regex(/^question:[0-9a-f-]{36}$/)),
  }),
  z.object({ type: z.literal('unwatch'), topic: z.string().max(60) }),
]);
export type WatchFrame = z.infer<typeof watchFrameSchema>;
