import { z } from 'zod';

// The admins' view of the outbox (modules/mail).

/** The account's own emails, then notifications: one at a time (`notification`) or the day's in one (`digest`). */
export const MAIL_KIND_NAMES = [
  'verify-email',
  'change-email',
  'email-change-notice',
  'email-change-attempt',
  'reset-password',
  'notification',
  'digest',
] as const;
/** An email that could not be sent within 24 hours, with the last error the mail server gave. */
export const failedEmailSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MAIL_KIND_NAMES),
  to: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type FailedEmail = z.infer<typeof failedEmailSchema>;
export const failedEmailsResponseSchema = z.object({ emails: z.array(failedEmailSchema) });
export type FailedEmailsResponse = z.infer<typeof failedEmailsResponseSchema>;
export const emailIdParamsSchema = z.object({
  emailId: z.coerce.number().int().positive('validation.idInvalid'),
});
