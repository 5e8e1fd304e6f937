import { z } from 'zod';
import { LIMITS, LOCALES, ROLES, SIGNUP_ROLES } from '../constants';
import { INVISIBLE_OR_BIDI, lineText, longText } from './common';
import { AUS_STATES } from '../directory';
import { MENTOR_PROFILE_LIMITS } from '../limits';

export { MENTOR_PROFILE_LIMITS } from '../limits';

/**
 * Messages are i18n keys: the server answers them in the caller's language,
 * the client's forms translate them the same way.
 */
export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .toLowerCase()
  .min(1, 'validation.emailRequired')
  .max(LIMITS.emailMax, 'validation.emailInvalid')
  .pipe(z.email('validation.emailInvalid'));

export const newPasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(LIMITS.passwordMin, 'validation.passwordMin')
  .max(LIMITS.passwordMax, 'validation.passwordMax');

/**
 * Normalised to NFC (so "é" typed two ways is one name), with at least one letter that shows, and no invisible or
 * text-direction characters: a name made of them, or one that reverses what follows, can pose as someone else.
 */
export const displayNameSchema = lineText({ error: 'validation.displayNameRequired' })
  .normalize('NFC')
  .trim()
  .min(1, 'validation.displayNameRequired')
  .max(LIMITS.displayNameMax, 'validation.displayNameMax')
  .refine((v) => !INVISIBLE_OR_BIDI.test(v), 'validation.displayNameInvisible')
  .refine((v) => /\p{L}/u.test(v), 'validation.displayNameLetter');

export const roleSchema = z.enum(ROLES);
export const localeSchema = z.enum(LOCALES, 'validation.localeInvalid');

/**
 * A person signing up as a mentor may say what they can help with (and more about themselves): an admin reads it
 * before verifying them, and students see the headline when they choose a mentor. A mentor without a headline can
 * sign up (the spec's four fields) but is not verified until they have one. Students send neither.
 */
export const signupSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    displayName: displayNameSchema,
    role: z.enum(SIGNUP_ROLES, 'validation.roleInvalid').default('student'),
    locale: localeSchema.optional(),
    headline: lineText()
      .max(MENTOR_PROFILE_LIMITS.headlineMax, 'validation.headlineMax')
      .optional()
      .transform((v) => (v ? v : undefined)),
    story: longText()
      .max(MENTOR_PROFILE_LIMITS.storyMax, 'validation.storyMax')
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .transform(({ headline, story, ...input }) =>
    input.role === 'mentor' ? { ...input, headline, story } : input,
  );
export type SignupInput = z.input<typeof signupSchema>;

export const signinSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, 'validation.passwordRequired')
    .max(1024, 'validation.passwordMax'),
});
export type SigninInput = z.input<typeof signinSchema>;

export const demoSigninSchema = z.object({ role: z.enum(ROLES, 'validation.roleInvalid') });

const currentPasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .max(1024, 'validation.passwordMax');

/**
 * A new email takes the current password, and changes only when the new address is confirmed (a link is sent to
 * it, and a notice to the old one).
 */
export const updateProfileSchema = z
  .object({
    displayName: displayNameSchema.optional(),
    locale: localeSchema.optional(),
    /** Where the person lives (null: not said): Chloe gives that state's services and rules first. */
    state: z.enum(AUS_STATES, 'validation.stateInvalid').nullable().optional(),
    email: emailSchema.optional(),
    currentPassword: currentPasswordSchema.optional(),
  })
  .refine(
    (v) =>
      v.displayName !== undefined || v.locale !== undefined || v.state !== undefined || v.email !== undefined,
    'validation.nothingToUpdate',
  )
  .refine((v) => v.email === undefined || v.currentPassword !== undefined, {
    path: ['currentPassword'],
    message: 'validation.passwordRequired',
  });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** A token from an emailed link: 256 random bits in base64url. Anything else is simply not a valid link. */
const linkTokenSchema = z
  .string({ error: 'validation.invalidInput' })
  .trim()
  .max(200, 'validation.invalidInput');

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.object({ token: linkTokenSchema, password: newPasswordSchema });
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;

export const verifyEmailSchema = z.object({ token: linkTokenSchema });
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

/** "This wasn't me" from the notice of an email change. */
export const cancelEmailChangeSchema = z.object({ token: linkTokenSchema });

/** What an emailed link does when it works: the address it confirmed (or, cancelling a change, kept). */
export const verifyEmailResponseSchema = z.object({ ok: z.literal(true), email: z.string() });

export const changePasswordSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});

export const deleteAccountSchema = z.object({
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, 'validation.passwordRequired')
    .max(1024),
});

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
  locale: localeSchema,
  createdAt: z.string(),
  /** A demo account: it has no password anyone knows, so it is offered no password actions. */
  isDemo: z.boolean(),
  /** A mentor whose profile an admin has verified: only they are offered to students for chat. */
  mentorVerified: z.boolean(),
  /** The person opened the link sent to their address (demo accounts count as confirmed). */
  emailVerified: z.boolean(),
  /**
   * Why an admin declined this person's mentor application, until they have read it
   * (`DELETE /api/auth/me/notice`); null otherwise.
   */
  mentorDeclinedReason: z.string().nullable(),
  /** The state or territory the person lives in, if they said; absent from a user stored by an older release. */
  state: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
