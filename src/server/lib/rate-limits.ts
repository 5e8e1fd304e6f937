import type { FastifyRequest } from 'fastify';
import type { MessageKey } from '../../shared/i18n';
import type { Config } from '../config';

/** What a limit may read of the configuration: the numbers an operator can override. */
export type LimitSettings = Pick<Config, 'rateLimits' | 'chloe' | 'postingLimits'>;

/**
 * A limit: at most `max` requests per `windowMs` for each key. `max` is a number or read from the configuration (and
 * the request: Chloe's limit is higher for members). `key` says whose requests these are; undefined leaves the
 * request uncounted (a visitor on a members' route gets its 401 instead). `messageKey` is what a refused caller reads.
 */
export type RateLimit = {
  name: string;
  max: number | ((settings: LimitSettings, request?: FastifyRequest) => number);
  windowMs: number;
  key: (request: FastifyRequest) => string | undefined;
  messageKey: MessageKey;
};

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

// Fixed numbers, named so the tests count to them.
/** An export reads every table about a person: a few an hour is plenty for them and cheap for us. */
export const EXPORTS_PER_HOUR = 5;
/** Email changes, which send emails to addresses the caller chooses: like a confirmation's resend. */
export const EMAIL_CHANGES_PER_HOUR = { account: 3, caller: 10 };
export const CLIENT_ERRORS_PER_MINUTE = 10;
/** How much feedback one caller may send: plenty for a person rating every answer, little for a script. */
export const FEEDBACK_RATE_LIMIT = { max: 30, windowMs: 10 * MINUTE } as const;
/** Reports of outdated information a caller (member or address) may send in an hour. */
export const DIRECTORY_REPORT_LIMIT = { max: 10, windowMs: HOUR };
const VERIFY_EMAILS_PER_HOUR = 3;
/** Translations of posts a reader (member or address) may ask for in an hour: a long thread, read across languages. */
export const TRANSLATIONS_PER_HOUR = 60;

const perAddress = (request: FastifyRequest) => request.ip;
const perMember = (request: FastifyRequest) => request.user?.id;
/** Members by their account, visitors by their address. */
const perPerson = (request: FastifyRequest) =>
  request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
/** Only requests that change the email count: a new name or language is not limited. */
const changesEmail = (request: FastifyRequest) =>
  (request.body as { email?: string } | undefined)?.email !== undefined;

/**
 * Every request limit of the app, by name (decision 045). Routes list the ones they take in
 * `config: { rateLimits: [...] }`; the realtime channel counts its upgrades and chat's socket its messages against
 * the same presets through `app.takeRateLimit()`. All are counted by plugins/rate-limit.ts in PostgreSQL.
 */
export const RATE_LIMITS = {
  /** Every `/api/` request and socket upgrade, per address (RATE_LIMIT_GLOBAL_PER_MINUTE). */
  global: {
    name: 'api',
    max: (s) => s.rateLimits.globalPerMinute,
    windowMs: MINUTE,
    key: perAddress,
    messageKey: 'errors.rateLimited',
  },
  signInMinute: {
    name: 'signin-minute',
    max: (s) => s.rateLimits.signinPerMinute,
    windowMs: MINUTE,
    key: perAddress,
    messageKey: 'errors.tooManySignins',
  },
  signInHour: {
    name: 'signin-hour',
    max: (s) => s.rateLimits.signinPerHour,
    windowMs: HOUR,
    key: perAddress,
    messageKey: 'errors.tooManySignins',
  },
  // Every attempt counts, not only the ones that succeed: "this email is taken" tells who has an account.
  signUp: {
    name: 'signup-hour',
    max: (s) => s.rateLimits.signupPerHour,
    windowMs: HOUR,
    key: perAddress,
    messageKey: 'errors.tooManySignups',
  },
  // Reset requests per caller, and per address so that nobody's inbox can be flooded from many addresses.
  resetCaller: {
    name: 'reset-caller',
    max: (s) => s.rateLimits.passwordResetPerCallerPerHour,
    windowMs: HOUR,
    key: perAddress,
    messageKey: 'errors.tooManyResets',
  },
  resetEmail: {
    name: 'reset-email',
    max: (s) => s.rateLimits.passwordResetPerEmailPerHour,
    windowMs: HOUR,
    key: (request) => (request.body as { email: string }).email,
    messageKey: 'errors.tooManyResets',
  },
  verifyResend: {
    name: 'verify-resend',
    max: VERIFY_EMAILS_PER_HOUR,
    windowMs: HOUR,
    key: perMember,
    messageKey: 'errors.tooManyVerifyEmails',
  },
  emailChangeAccount: {
    name: 'email-change-account',
    max: EMAIL_CHANGES_PER_HOUR.account,
    windowMs: HOUR,
    key: (request) => (changesEmail(request) ? request.user?.id : undefined),
    messageKey: 'errors.tooManyEmailChanges',
  },
  emailChangeCaller: {
    name: 'email-change-caller',
    max: EMAIL_CHANGES_PER_HOUR.caller,
    windowMs: HOUR,
    key: (request) => (changesEmail(request) && request.user ? request.ip : undefined),
    messageKey: 'errors.tooManyEmailChanges',
  },
  // Per person; visitors are not counted and get their 401.
  export: {
    name: 'export',
    max: EXPORTS_PER_HOUR,
    windowMs: HOUR,
    key: perMember,
    messageKey: 'errors.tooManyExports',
  },
  // Members get their own, higher limit.
  chloe: {
    name: 'chloe',
    max: (s, request) => (request?.user ? s.chloe.messagesPerMember : s.chloe.messagesPerVisitor),
    windowMs: 10 * MINUTE,
    key: perPerson,
    messageKey: 'errors.chloeRateLimited',
  },
  translation: {
    name: 'translation',
    max: TRANSLATIONS_PER_HOUR,
    windowMs: HOUR,
    key: perPerson,
    messageKey: 'errors.tooManyTranslations',
  },
  chloeFeedback: {
    name: 'chloe-feedback',
    max: FEEDBACK_RATE_LIMIT.max,
    windowMs: FEEDBACK_RATE_LIMIT.windowMs,
    key: perPerson,
    messageKey: 'errors.chloeFeedbackRateLimited',
  },
  /** Chat messages per person, over REST and the socket together (RATE_LIMIT_CHAT_MESSAGES_PER_SECOND). */
  chatMessage: {
    name: 'chat-message',
    max: (s) => s.rateLimits.chatMessagesPerSecond,
    windowMs: SECOND,
    key: perMember,
    messageKey: 'chat.tooFast',
  },
  /** Crash reports a browser may send: a page that crashes in a loop must not flood the log. */
  clientErrors: {
    name: 'client-errors',
    max: CLIENT_ERRORS_PER_MINUTE,
    windowMs: MINUTE,
    key: perAddress,
    messageKey: 'errors.rateLimited',
  },
  directoryReport: {
    name: 'directory-report',
    max: DIRECTORY_REPORT_LIMIT.max,
    windowMs: DIRECTORY_REPORT_LIMIT.windowMs,
    key: perPerson,
    messageKey: 'directory.errors.reportRateLimited',
  },
} satisfies Record<string, RateLimit>;

/** A limit's most for this request. */
export function maxOf(limit: RateLimit, settings: LimitSettings, request?: FastifyRequest): number {
  return typeof limit.max === 'number' ? limit.max : limit.max(settings, request);
}

/**
 * Limits counted another way, named here beside the others (decision 045 says why each stays different).
 * - Failed sign-ins per account and address: rows in `failed_signins`, a record about a person
 *   (`rateLimits.failedSigninPerAccountPerHour`, auth/service.ts).
 * - Posting: one question every `questionIntervalSeconds`, a reply every `replyIntervalSeconds`, and on an account's
 *   first day `newAccountQuestionsPerDay` / `newAccountRepliesPerDay`, read from the posts themselves
 *   (questions/posting-limits.ts).
 * - Sockets held open at once on an instance, and the frames a socket may send (below): they count what one
 *   process holds, not requests over time.
 */
export const QUOTAS = {
  failedSignInsPerHour: (s: LimitSettings) => s.rateLimits.failedSigninPerAccountPerHour,
  posting: (s: LimitSettings) => s.postingLimits,
} as const;

/** Sockets one session may hold on an instance (tabs and devices share a session only within one browser). */
export const MAX_SOCKETS_PER_SESSION = 8;
/** Visitors' sockets from one address on an instance (a campus or a family shares an address). */
export const MAX_VISITOR_SOCKETS_PER_ADDRESS = 20;
/**
 * A person has a phone, a laptop and several tabs, so a member may hold two full browsers' worth of sockets on an
 * instance, over all their sessions. A family, a campus or a phone carrier puts many people behind one address, so
 * an address may hold some eighty people's sockets at three each, members' and visitors' together; past that, one
 * address would be holding open a large part of what an instance serves.
 */
export const MAX_SOCKETS_PER_MEMBER = 2 * MAX_SOCKETS_PER_SESSION;
export const MAX_SOCKETS_PER_ADDRESS = 256;
/** Frames a socket may send: a burst, refilled at a steady rate; past it the socket is closed with 1008. */
export const FRAME_BUDGET = { burst: 60, perSecond: 10 } as const;
