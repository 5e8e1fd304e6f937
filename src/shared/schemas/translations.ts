import { z } from 'zod';
import { LOCALES } from '../languages';

const languageField = z.enum(LOCALES, 'validation.languageInvalid');

/** Its author says which language a question or reply is written in. */
export const postLanguageSchema = z.object({ language: languageField });

/** The language to translate a post into: the reader's (`?lang=`, their account, their browser) unless given. */
export const translationRequestSchema = z.object({ language: languageField.optional() }).nullish();

/**
 * A post in the reader's language, translated by the model from the language it is written in (`from`); `from` is
 * `language` when it is already written in it. A reply has no title.
 */
export const postTranslationSchema = z.object({
  from: z.enum(LOCALES),
  language: z.enum(LOCALES),
  title: z.string().nullable(),
  content: z.string(),
});
export type PostTranslation = z.infer<typeof postTranslationSchema>;
