import { z } from 'zod';
import { CATEGORY_SLUGS } from '../categories';
import { ROLES } from '../constants';
import { cursorQuery } from '../cursor';
import { cursorPageFields, lineText, longText } from './common';
import { cursorTime, latestCursorQuery, REPORT_REASONS } from './questions';

export const ADMIN_LIMITS = {
  pageSize: 25,
  searchMax: 200,
  reasonMax: 500,
  /** How long a member counts as active after their last visit. */
  activeDays: 30,
  /** Stats are computed at most this long ago. */
  statsMaxAgeMs: 60_000,
  /** The newsletter covers this many days back from today. */
  newsletterDays: 7,
} as const;

const search = lineText()
  .max(ADMIN_LIMITS.searchMax, 'validation.searchMax')
  .optional()
  .transform((v) => (v ? v : undefined));

/** Why an admin acted: optional, kept in the audit log. */
export const adminReasonSchema = longText().max(ADMIN_LIMITS.reasonMax, 'admin.reasonMax');
export const adminActionBodySchema = z.preprocess(
  (body) => body ?? {},
  z.object({ reason: adminReasonSchema.optional().transform((v) => (v ? v : undefined)) }),
);

// Stats ------------------------------------------------------------------------------------------------------------

export const adminStatsSchema = z.object({
  totalQuestions: z.number().int(),
  /** Members seen in the last 30 days. */
  activeUsers: z.number().int(),
  totalMentors: z.number().int(),
  /** Reported items (one per question, reply, chat or message) with an open report. */
  pendingReports: z.number().int(),
  unansweredQuestions: z.number().int(),
  /** SOS questions without a reply from a person (Chloe's does not count). */
  urgentWithoutHumanReply: z.number().int(),
  mentorsToVerify: z.number().int(),
  failedAiJobs: z.number().int(),
  /** Emails that could not be sent within 24 hours. */
  failedEmails: z.number().int(),
  /** Directory entries readers see that were last reviewed more than 12 months ago. */
  directoryNeedsReview: z.number().int(),
  /** Directory entries with an open report of outdated information. */
  outdatedReports: z.number().int(),
  /** When these figures were counted: for each request, as the dashboard shows. */
  generatedAt: z.string(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

// Questions --------------------------------------------------------------------------------------------------------

/** `urgent-unanswered`: SOS questions no person has answered yet, the dashboard's most pressing figure. */
export const ADMIN_QUESTION_FILTERS = ['urgent', 'urgent-unanswered', 'reported', 'unanswered'] as const;
export const adminQuestionsQuerySchema = z.object({
  q: search,
  category: z.enum(CATEGORY_SLUGS, 'validation.categoryInvalid').optional(),
  filter: z.enum(ADMIN_QUESTION_FILTERS, 'validation.invalidInput').optional(),
  /** After a question: its time to the microsecond, then its id (newest first). */
  cursor: latestCursorQuery(),
});
/** The list's filters; the cursor is each page's own. */
export type AdminQuestionsQuery = Omit<z.input<typeof adminQuestionsQuerySchema>, 'cursor'>;

const personSchema = z.object({ id: z.string(), displayName: z.string(), role: z.enum(ROLES) });
export type AdminPerson = z.infer<typeof personSchema>;

export const adminQuestionSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The category's name in the caller's language. */
  category: z.string().nullable(),
  categorySlug: z.string().nullable(),
  isUrgent: z.boolean(),
  isAnonymous: z.boolean(),
  /** Admins see who asked, anonymous or not; null once the account is gone. */
  author: personSchema.nullable(),
  createdAt: z.string(),
  upvotes: z.number().int(),
  replyCount: z.number().int(),
  /** Replies from people (Chloe's not counted). */
  humanReplyCount: z.number().int(),
  /** Open reports on the question and its replies. */
  openReports: z.number().int(),
});
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;
export const adminQuestionsResponseSchema = z.object({
  questions: z.array(adminQuestionSchema),
  ...cursorPageFields,
});
export type AdminQuestionsResponse = z.infer<typeof adminQuestionsResponseSchema>;

// Users ------------------------------------------------------------------------------------------------------------

export const ADMIN_USER_FILTERS = ['student', 'mentor', 'admin', 'mentors-to-verify'] as const;
export const adminUsersQuerySchema = z.object({
  q: search,
  filter: z.enum(ADMIN_USER_FILTERS, 'validation.invalidInput').optional(),
  /** After a member: the time they joined to the microsecond, then their id (mentors to verify oldest first). */
  cursor: latestCursorQuery(),
});
export type AdminUsersQuery = Omit<z.input<typeof adminUsersQuerySchema>, 'cursor'>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  /** Mentors only: verified by an admin (or a demo mentor); false for everyone else. */
  mentorVerified: z.boolean(),
  /** The person confirmed their email: a mentor is verified only then (and with a headline). */
  emailVerified: z.boolean(),
  isDemo: z.boolean(),
  questionCount: z.number().int(),
  replyCount: z.number().int(),
  /** What a mentor wrote about themselves, for verification. */
  headline: z.string().nullable(),
  story: z.string().nullable(),
  countryPath: z.string().nullable(),
  expertise: z.array(z.string()),
  /** What a mentor chose on their profile (mentorSchema's fields): the topics, languages and place students see. */
  topics: z.array(z.string()),
  languages: z.array(z.string()),
  state: z.string().nullable(),
  city: z.string().nullable(),
  /** Mentors only: what students said after their closed conversations, the newest notes first. */
  chatFeedback: z
    .object({
      helpful: z.number().int(),
      notHelpful: z.number().int(),
      notes: z.array(z.object({ helpful: z.boolean(), note: z.string(), createdAt: z.string() })),
    })
    .nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema), ...cursorPageFields });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const userIdParamsSchema = z.object({ userId: z.uuid('validation.idInvalid') });
/** Admins change students to mentors and back; no one is made (or unmade) an admin here. */
export const changeRoleSchema = z.object({
  role: z.enum(['student', 'mentor'], 'admin.roleInvalid'),
  reason: adminReasonSchema.optional().transform((v) => (v ? v : undefined)),
});
export type ChangeRoleInput = z.input<typeof changeRoleSchema>;

/** Declining a mentor says why: the person reads it at their next visit. */
export const declineMentorSchema = z.object({
  reason: adminReasonSchema.min(1, 'admin.declineReasonRequired'),
});

// Reports ----------------------------------------------------------------------------------------------------------

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_TARGETS = ['question', 'reply', 'conversation', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGETS)[number];

export const adminReportsQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, 'validation.invalidInput').default('open'),
  /** After a reported item: its newest report's time to the microsecond, then that report's id. */
  cursor: latestCursorQuery(),
});

/** A chat message shown to admins: only for a reported message, it and the two before it. */
const chatLineSchema = z.object({
  id: z.string(),
  sender: personSchema.nullable(),
  content: z.string(),
  createdAt: z.string(),
  /** The message that was reported. */
  reported: z.boolean(),
});

/** One reported item with every report on it (in the listed status). */
export const adminReportSchema = z.object({
  /** The newest report's id; acting on it acts on every report on the item in the same status. */
  id: z.string(),
  targetType: z.enum(REPORT_TARGETS),
  status: z.enum(REPORT_STATUSES),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  /** What reporters wrote, newest first. */
  details: z.array(z.string()),
  reporterCount: z.number().int(),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  /** The reported item as it was (kept when it was removed). */
  content: z.object({
    /** A question's or chat's title. */
    title: z.string().nullable(),
    text: z.string(),
    author: personSchema.nullable(),
    createdAt: z.string().nullable(),
  }),
  /** Where it is in the app (questions and replies); null for chats, which only their two people can open. */
  link: z.string().nullable(),
  /** Chat reports: the reported message and the two before it; nothing else of the conversation. */
  context: z.array(chatLineSchema),
  /** True when the item has been removed. */
  removed: z.boolean(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportsResponseSchema = z.object({
  reports: z.array(adminReportSchema),
  ...cursorPageFields,
});
export type AdminReportsResponse = z.infer<typeof adminReportsResponseSchema>;

export const reportActionSchema = z.object({
  action: z.enum(['dismiss', 'remove'], 'admin.actionInvalid'),
  reason: adminReasonSchema.optional().transform((v) => (v ? v : undefined)),
});
export type ReportActionInput = z.input<typeof reportActionSchema>;

// Newsletter -------------------------------------------------------------------------------------------------------

export const newsletterResponseSchema = z.object({ content: z.string() });

// Audit log --------------------------------------------------------------------------------------------------------

export const AUDIT_ACTIONS = [
  'question.delete',
  'reply.delete',
  'user.role',
  'mentor.verify',
  'mentor.decline',
  'mentor.profile',
  'report.dismiss',
  'report.remove',
  'notice.set',
  'notice.clear',
  'ai-job.retry',
  'email.retry',
  'newsletter.export',
  'directory.create',
  'directory.update',
  'directory.archive',
  'directory.restore',
  'directory-report.resolve',
  'directory-report.dismiss',
  'chloe-miss.attach',
  'chloe-miss.needs-article',
  'chloe-miss.dismiss',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** After an entry of the log: its time to the microsecond, then its number (newest first). */
export const auditCursorSchema = z.strictObject({ createdAt: cursorTime, id: z.number().int().positive() });
export type AuditCursor = z.infer<typeof auditCursorSchema>;
export const auditQuerySchema = z.object({ cursor: cursorQuery(auditCursorSchema) });
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** The admin as they were named when they acted (kept after their account is gone). */
  admin: z.object({ id: z.string().nullable(), displayName: z.string(), email: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string(),
  targetId: z.string(),
  /** What the target was called at the time: a question's title, a person's e-mail, a service's name. */
  targetLabel: z.string(),
  reason: z.string().nullable(),
  /** Extra facts: the role before and after, a notice's text. */
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditResponseSchema = z.object({ entries: z.array(auditEntrySchema), ...cursorPageFields });
export type AuditResponse = z.infer<typeof auditResponseSchema>;
