import { z } from 'zod';
import { ROLES } from '../constants';
import { lineText, longText } from './common';
import { CHAT_LIMITS, REPORT_REASONS } from '../limits';

export { CHAT_LIMITS } from '../limits';

export const CONVERSATION_STATUSES = ['active', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
/** Why a conversation closed when neither of its people closed it: its mentor stopped mentoring, or never replied. */
export const CLOSED_REASONS = ['mentor-left', 'no-reply'] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

/** The student's answer to "Was this conversation helpful?" once it is closed. */
export const conversationFeedbackSchema = z.object({
  helpful: z.boolean('chat.feedbackChoose'),
  note: longText()
    .max(1_000, 'chat.feedbackNoteMax')
    .optional()
    .transform((v) => v || undefined),
});
export type ConversationFeedbackInput = z.input<typeof conversationFeedbackSchema>;

export const createConversationSchema = z.object({
  participantId: z.uuid('chat.selectMentorAndTitle'),
  title: lineText({ error: 'chat.selectMentorAndTitle' })
    .min(1, 'chat.selectMentorAndTitle')
    .max(CHAT_LIMITS.titleMax, 'chat.titleMax'),
});
export type CreateConversationInput = z.input<typeof createConversationSchema>;

/** A message's client-made id: a resend with the same one returns the first message. */
export const clientIdSchema = z
  .string()
  .min(1)
  .max(CHAT_LIMITS.clientIdMax)
  .regex(/^[\w-]+$/, 'chat.clientIdInvalid');

export const messageContentSchema = longText({ error: 'chat.messageRequired' })
  .min(1, 'chat.messageRequired')
  .max(CHAT_LIMITS.contentMax, 'chat.messageMax');

export const sendMessageSchema = z.object({
  content: messageContentSchema,
  clientId: clientIdSchema.optional(),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  /** The message's place in its conversation: 1, 2, 3, … with no gaps. */
  seq: z.number().int(),
  clientId: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

const seqNumber = z.coerce
  .number('validation.invalidInput')
  .int('validation.invalidInput')
  .min(0)
  .max(2 ** 31 - 1);

/** `after` catches up after a reconnect (oldest first from there); `before` pages back; neither: the newest page. */
export const messagesQuerySchema = z
  .object({
    before: seqNumber.optional(),
    after: seqNumber.optional(),
    limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.pageMax).default(CHAT_LIMITS.pageSize),
  })
  .refine((q) => q.before === undefined || q.after === undefined, 'validation.invalidInput');
export type MessagesQuery = z.input<typeof messagesQuerySchema>;

export const messagesResponseSchema = z.object({
  /** Oldest first. */
  messages: z.array(messageSchema),
  /** More messages exist in the direction asked for (older with `before` or none, newer with `after`). */
  hasMore: z.boolean(),
});
export type MessagesPage = z.infer<typeof messagesResponseSchema>;

export const readSchema = z.object({
  seq: z
    .number('validation.invalidInput')
    .int()
    .min(0)
    .max(2 ** 31 - 1),
});
export const readResponseSchema = z.object({ lastReadSeq: z.number().int() });

export const conversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  /** Null while open, or when one of its people closed it. */
  closedReason: z.enum(CLOSED_REASONS).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The other person: a name and a role, nothing private. */
  participant: z.object({ id: z.string(), displayName: z.string(), role: z.enum(ROLES) }),
  lastMessage: z
    .object({ content: z.string(), senderId: z.string(), createdAt: z.string(), seq: z.number().int() })
    .nullable(),
  /** The highest message number so far (0 before the first message). */
  lastSeq: z.number().int(),
  lastReadSeq: z.number().int(),
  /** How far the other person has read ("Seen"), while the conversation is open; null once it is closed. */
  participantLastReadSeq: z.number().int().nullable(),
  unreadCount: z.number().int(),
  /** The student has blocked the mentor: no new messages or conversations either way. */
  blocked: z.boolean(),
  /** The student said whether it helped (always false for the mentor, who is not told). */
  feedbackGiven: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationsResponseSchema = z.object({ conversations: z.array(conversationSchema) });

export const chatReportSchema = z.object({
  reason: z.enum(REPORT_REASONS, 'validation.reasonInvalid'),
  details: longText()
    .max(1_000, 'validation.detailsMax')
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** A message of the conversation; without it the whole conversation is reported. */
  messageId: z.uuid('validation.idInvalid').optional(),
});

export const conversationParamsSchema = z.object({ id: z.uuid('validation.idInvalid') });

/** What a client sends on the socket. A `userId` in a frame is ignored: the session decides who is speaking. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join'), conversationId: z.uuid() }),
  z.object({ type: z.literal('leave'), conversationId: z.uuid() }),
  z.object({ type: z.literal('typing'), conversationId: z.uuid() }),
  z.object({
    type: z.literal('send'),
    conversationId: z.uuid(),
    content: messageContentSchema,
    clientId: clientIdSchema.optional(),
  }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** What the server sends on the socket. */
export type ServerFrame =
  | { type: 'hello'; connectionId: string }
  | { type: 'joined'; conversationId: string }
  | { type: 'new_message'; conversationId: string; message: Message }
  | { type: 'typing'; conversationId: string; userId: string }
  | { type: 'read'; conversationId: string; userId: string; seq: number }
  /** A conversation was started, closed or blocked: read the list again. */
  | { type: 'conversation'; conversationId: string }
  | { type: 'error'; code: string; message: string; conversationId?: string; clientId?: string };
