import { loadAllTexts, type MessageKey } from '../shared/i18n';

// The server answers in every text of every language, the screens' texts too (its error and validation messages are
// among them).
await loadAllTexts();

/**
 * Named errors with stable codes. Messages are i18n keys, answered in the caller's language
 * by the error handler (plugins/errors.ts).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly values: Record<string, string | number> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const errors = {
  validation: (messageKey: MessageKey = 'validation.invalidInput') =>
    new AppError(400, 'VALIDATION', messageKey),
  invalidCredentials: () => new AppError(401, 'INVALID_CREDENTIALS', 'errors.invalidCredentials'),
  unauthorized: () => new AppError(401, 'UNAUTHORIZED', 'errors.unauthorized'),
  wrongPassword: () => new AppError(403, 'WRONG_PASSWORD', 'errors.wrongPassword'),
  forbidden: () => new AppError(403, 'FORBIDDEN', 'errors.forbidden'),
  crossOrigin: () => new AppError(403, 'CROSS_ORIGIN', 'errors.crossOrigin'),
  /** A Host this server does not answer to (plugins/allowed-hosts.ts). */
  hostNotAllowed: () => new AppError(421, 'HOST_NOT_ALLOWED', 'errors.hostNotAllowed'),
  notFound: () => new AppError(404, 'NOT_FOUND', 'errors.notFound'),
  /** A topic (category) slug that names none of the seven. */
  topicNotFound: () => new AppError(404, 'NOT_FOUND', 'follows.topicNotFound'),
  emailTaken: () => new AppError(409, 'EMAIL_TAKEN', 'errors.emailTaken'),
  commonPassword: () => new AppError(400, 'COMMON_PASSWORD', 'validation.passwordCommon'),
  /** Emailed links: a reset or confirmation link that is used, expired or unknown. */
  resetTokenInvalid: () => new AppError(400, 'RESET_TOKEN_INVALID', 'errors.resetTokenInvalid'),
  verifyTokenInvalid: () => new AppError(400, 'VERIFY_TOKEN_INVALID', 'errors.verifyTokenInvalid'),
  cancelTokenInvalid: () => new AppError(400, 'CANCEL_TOKEN_INVALID', 'errors.cancelTokenInvalid'),
  emailAlreadyVerified: () => new AppError(409, 'EMAIL_ALREADY_VERIFIED', 'errors.emailAlreadyVerified'),
  /** MAIL_DISABLED=true: what needs an email cannot be done. */
  mailUnavailable: () => new AppError(503, 'MAIL_UNAVAILABLE', 'errors.mailUnavailable'),
  tooManyRequests: (messageKey: MessageKey, retryAfterSeconds: number) =>
    new AppError(
      429,
      'RATE_LIMITED',
      messageKey,
      { seconds: retryAfterSeconds, minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
      retryAfterSeconds,
    ),
  unavailable: () => new AppError(503, 'UNAVAILABLE', 'errors.unavailable'),
  /** No model is configured (AI_BASE_URL): posts are not translated. */
  translationUnavailable: () => new AppError(503, 'TRANSLATION_UNAVAILABLE', 'errors.translationUnavailable'),
  /** The model failed or said nothing. */
  translationFailed: () => new AppError(502, 'TRANSLATION_FAILED', 'errors.translationFailed'),
  internal: () => new AppError(500, 'INTERNAL', 'errors.internal'),
  /** Requests the framework refuses before a route runs (plugins/errors.ts). */
  badRequest: (messageKey: MessageKey = 'errors.badRequest') => new AppError(400, 'BAD_REQUEST', messageKey),
  badUrl: () => new AppError(400, 'BAD_URL', 'errors.badUrl'),
  malformedJson: () => new AppError(400, 'MALFORMED_JSON', 'errors.malformedJson'),
  payloadTooLarge: () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'errors.payloadTooLarge'),
  unsupportedMediaType: () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'errors.unsupportedMediaType'),
  uriTooLong: () => new AppError(414, 'URI_TOO_LONG', 'errors.uriTooLong'),
  alreadyReported: () => new AppError(409, 'ALREADY_REPORTED', 'errors.alreadyReported'),
  invalidAudio: () => new AppError(415, 'INVALID_AUDIO', 'errors.voiceNoteInvalid'),
  voiceNoteExists: () => new AppError(409, 'VOICE_NOTE_EXISTS', 'errors.voiceNoteExists'),
  voiceNoteTooLong: (maxSeconds: number) =>
    new AppError(422, 'VOICE_NOTE_TOO_LONG', 'errors.voiceNoteTooLong', { minutes: maxSeconds / 60 }),
  /** Mentor chat. */
  studentsOnly: () => new AppError(403, 'STUDENTS_ONLY', 'chat.studentsOnly'),
  mentorNotVerified: () => new AppError(400, 'MENTOR_NOT_VERIFIED', 'chat.mentorNotVerified'),
  tooManyOpenConversations: () => new AppError(409, 'TOO_MANY_OPEN_CONVERSATIONS', 'chat.tooManyOpen'),
  conversationClosed: () => new AppError(409, 'CONVERSATION_CLOSED', 'chat.conversationClosed'),
  conversationBlocked: () => new AppError(403, 'BLOCKED', 'chat.conversationBlocked'),
  mentorAway: (name: string, until: string) =>
    new AppError(409, 'MENTOR_AWAY', 'mentors.errors.away', { name, date: until }),
  mentorFull: (name: string) => new AppError(409, 'MENTOR_FULL', 'mentors.errors.full', { name }),
  conversationOpen: () => new AppError(409, 'CONVERSATION_OPEN', 'chat.feedbackWhenClosed'),
  feedbackGiven: () => new AppError(409, 'FEEDBACK_GIVEN', 'chat.feedbackGiven'),
  /** Mentor profiles. */
  mentorsOnly: () => new AppError(403, 'MENTORS_ONLY', 'mentors.errors.mentorsOnly'),
  /** "Waiting for you": claiming questions is for verified mentors, one mentor at a time. */
  verifiedMentorsOnly: () => new AppError(403, 'VERIFIED_MENTORS_ONLY', 'waiting.errors.verifiedMentorsOnly'),
  questionClaimed: () => new AppError(409, 'QUESTION_CLAIMED', 'waiting.errors.claimed'),
  questionAnswered: () => new AppError(409, 'QUESTION_ANSWERED', 'waiting.errors.answered'),
  /** Answers that helped. */
  askerOnly: () => new AppError(403, 'ASKER_ONLY', 'questions.helpfulAskerOnly'),
  ownReply: () => new AppError(409, 'OWN_REPLY', 'questions.helpfulOwnReply'),
  /** The chat socket: a frame that is not JSON, a room the person has not joined. */
  badFrame: () => new AppError(400, 'BAD_FRAME', 'chat.badFrame'),
  notParticipant: () => new AppError(404, 'NOT_FOUND', 'chat.notParticipant'),
  /** The admin dashboard. */
  adminRoleFixed: () => new AppError(409, 'ADMIN_ROLE_FIXED', 'admin.adminRoleFixed'),
  ownRole: () => new AppError(409, 'OWN_ROLE', 'admin.ownRole'),
  notMentor: () => new AppError(409, 'NOT_A_MENTOR', 'admin.notMentor'),
  alreadyVerified: () => new AppError(409, 'ALREADY_VERIFIED', 'admin.alreadyVerified'),
  emailNotVerified: () => new AppError(409, 'EMAIL_NOT_VERIFIED', 'admin.emailNotVerified'),
  profileIncomplete: () => new AppError(409, 'PROFILE_INCOMPLETE', 'admin.profileIncomplete'),
  reportDone: () => new AppError(409, 'REPORT_DONE', 'admin.reportDone'),
  /** The directory: no entry readers may see (or an admin may edit) by that id; a new entry's id is taken. */
  directoryEntryNotFound: () => new AppError(404, 'NOT_FOUND', 'directory.errors.notFound'),
  directoryEntryExists: () => new AppError(409, 'ENTRY_EXISTS', 'directory.errors.idTaken'),
  /** Notifications: an emailed unsubscribe link this server did not make, or one altered. */
  unsubscribeTokenInvalid: () =>
    new AppError(400, 'UNSUBSCRIBE_TOKEN_INVALID', 'mail.notification.unsubscribeInvalid'),
};
