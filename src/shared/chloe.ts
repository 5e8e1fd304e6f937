/** The sizes of a conversation with Chloe: for the server's schema (schemas/ai.ts) and the composer alike. */
export const CHAT_LIMITS = { messageMax: 2_000, historyTurns: 20, historyTurnMax: 10_000 } as const;

/** What a rating of one of Chloe's answers may carry: for the server's schema (schemas/ai.ts) and the chat's form. */
export const FEEDBACK_RATINGS = ['up', 'down'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];
export const FEEDBACK_LIMITS = {
  reasonMax: 500,
  sourcesMax: 6,
  sourceMax: 2_000,
  /** The turns of a shared conversation: as many as Chloe is sent with a message. */
  turnsMax: CHAT_LIMITS.historyTurns,
  /** And at most this many characters in all: the latest turns are the ones kept. */
  conversationChars: 20_000,
  /** The admins' list. */
  pageSize: 25,
} as const;

/** Where the chat with Chloe is kept on the device (never on the server); quick exit removes it. */
export const CHLOE_STORAGE_KEY = 'mentorme.chloe.v1';

/**
 * Chloe's misses (decision 053): a question she answered with nothing, one thumbed down, and one the person took to
 * the community right after her answer. The text only, emails and phone numbers masked, kept 90 days.
 */
export const CHLOE_MISS_KINDS = ['nothing', 'thumbs-down', 'asked-community'] as const;
export type ChloeMissKind = (typeof CHLOE_MISS_KINDS)[number];
/** Open until an admin attaches it to an article, marks it "needs an article" (the content team's list) or dismisses it. */
export const CHLOE_MISS_STATUSES = ['open', 'needs-article', 'attached', 'dismissed'] as const;
export type ChloeMissStatus = (typeof CHLOE_MISS_STATUSES)[number];
export const MISS_LIMITS = { questionMax: CHAT_LIMITS.messageMax, pageSize: 25, keptDays: 90 } as const;
