import { z } from 'zod';
import { langQuery } from './common';
import { LANGUAGE_KEYS } from './languages';
import { AUS_STATES, filter, governmentResourceSchema, localResourceSchema } from './resources';

/** `GET /api/resources/in-language`: the ways to get help in a language, for one state (or, without one, nationally). */
export const helpInLanguageQuerySchema = z.object({
  language: z.enum(LANGUAGE_KEYS, 'validation.spokenLanguageInvalid').default('Vietnamese'),
  state: filter(AUS_STATES, 'validation.stateInvalid'),
  ...langQuery,
});
export type HelpInLanguageQuery = z.input<typeof helpInLanguageQuerySchema>;

export const helpInLanguageResponseSchema = z.object({
  language: z.enum(LANGUAGE_KEYS),
  state: z.enum(AUS_STATES).nullable(),
  /** The state's organisations that speak the language, by suburb and name. */
  organisations: z.array(localResourceSchema),
  /** The state's government services that name the language. */
  government: z.array(governmentResourceSchema),
  /** Australia-wide: the free interpreter line first, then national services that name the language. */
  national: z.array(governmentResourceSchema),
});
export type HelpInLanguage = z.infer<typeof helpInLanguageResponseSchema>;
