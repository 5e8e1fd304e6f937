import { z } from 'zod';
import { LIMITS, LOCALES, ROLES, SIGNUP_ROLES } from '../constants';
import { lineText, longText } from './common';

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
 * Characters that show nothing or turn text around: format characters (zero-width spaces and joiners,
 * bidirectional controls, the soft hyphen), fillers that render blank, lone joiners and variation selectors. A name made of them, or one that reverses what follows, can pose as
 * someone else.
 */
const INVISIBLE_OR_BIDI = /\p{Cf}|[\u115F\u1160\u3164\uFFA0]|\u034F|\u17B4|\u17B5|[\uFE00-\uFE0F]/u;

/** Normalised to NFC (so "é" typed two ways is one name), with at least one letter that shows. */
export const displayNameSchema = lineText({ error: 'validation.displayNameRequired' })
  .normalize('NFC')
  .trim()
  .min(1, 'validation.displayNameRequired')
  .max(LIMITS.displayNameMax, 'validation.displayNameMax')
  .refine((v) => !INVISIBLE_OR_BIDI.test(v), 'validation.displayNameInvisible')
  .refine((v) => /\p{L}/u.test(v), 'validation.displayNameLetter');

export const roleSchema = z.enum(ROLES);
export const localeSchema = z.enum(LOCALES, 'validation.localeInvalid');

export const MENTOR_PROFILE_LIMITS = { headlineMax: 120, storyMax: 1_000 } as const;

/**
 * A person signing up as a mentor says what they can help with (and, if they like, more about themselves): an admin
 * reads it before verifying them, and students see the headline when they choose a mentor. Students send neither.
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
  .superRefine((input, ctx) => {
    if (input.role === 'mentor' && !input.headline) {
      ctx.addIssue({ code: 'custom', path: ['headline'], message: 'validation.headlineRequired' });
    }
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

export const updateProfileSchema = z
  .object({ displayName: displayNameSchema.optional(), locale: localeSchema.optional() })
  .refine((v) => v.displayName !== undefined || v.locale !== undefined, 'validation.nothingToUpdate');

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, 'validation.passwordRequired')
    .max(1024),
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
  /**
   * Why an admin declined this person's mentor application, until they have read it
   * (`DELETE /api/auth/me/notice`); null otherwise.
   */
  mentorDeclinedReason: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
