import { z } from 'zod';
import { LOCALES } from '../constants';
import type { Locale } from '../languages';

/**
 * Every schema module imports this one first, so this runs before any schema is built. In the browser zod would
 * probe for eval, which our Content-Security-Policy forbids (each probe is a reported violation); its interpreter
 * is fast enough for forms. The server keeps zod's compiled fast path.
 */
if (typeof window !== 'undefined') z.config({ jitless: true });

/**
 * Characters no text we store or search may hold: C0 and C1 controls (NUL among them: PostgreSQL refuses it in
 * text) and lone UTF-16 surrogates (they cannot be written as UTF-8 and would be stored as U+FFFD). Long texts
 * keep tab, newline and carriage return.
 */
// eslint-disable-next-line no-control-regex -- control characters are what these refuse
const CONTROL_LINE = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- control characters are what these refuse
const CONTROL_LONG = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Characters that show nothing or turn text around: format characters (zero-width spaces and joiners,
 * bidirectional controls, the soft hyphen), fillers that render blank, lone joiners and variation selectors. A name
 * made of them, or a text that reverses what follows, can pose as something it is not.
 */
export const INVISIBLE_OR_BIDI = /\p{Cf}|[\u115F\u1160\u3164\uFFA0]|\u034F|\u17B4|\u17B5|[\uFE00-\uFE0F]/u;

/** `visibleOnly`: refuse INVISIBLE_OR_BIDI too, in texts others rely on (the directory's names, numbers, addresses). */
export type TextRules = { visibleOnly?: boolean };

export function hasForbiddenCharacters(value: string, multiline: boolean, rules: TextRules = {}): boolean {
  return (
    (multiline ? CONTROL_LONG : CONTROL_LINE).test(value) ||
    LONE_SURROGATE.test(value) ||
    (rules.visibleOnly === true && INVISIBLE_OR_BIDI.test(value))
  );
}

/** A one-line text (titles, names, tags, searches), trimmed: no control characters at all. */
export const lineText = (message: Parameters<typeof z.string>[0] = undefined, rules: TextRules = {}) =>
  z
    .string(message)
    .trim()
    .refine((v) => !hasForbiddenCharacters(v, false, rules), 'validation.controlCharacters');

/** A long text (descriptions, replies, messages), trimmed: tab and line breaks allowed, other controls refused. */
export const longText = (message: Parameters<typeof z.string>[0] = undefined, rules: TextRules = {}) =>
  z
    .string(message)
    .trim()
    .refine((v) => !hasForbiddenCharacters(v, true, rules), 'validation.controlCharacters');

export const errorResponseSchema = z.object({ error: z.string(), code: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/** A 1-based page number of a paged list. */
export const pageQuery = z.coerce
  .number('validation.invalidInput')
  .int('validation.invalidInput')
  .min(1, 'validation.invalidInput')
  .max(10_000, 'validation.invalidInput')
  .default(1);

/** A page of a list: `total` counts every row the filters match. */
export const pageFields = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };

/**
 * A page of a list read by cursor: `nextCursor` starts the next page (null after the last one), `total` counts every
 * row the filters match.
 */
export const cursorPageFields = { nextCursor: z.string().nullable(), total: z.number().int() };

/** `?lang=en|vi`: the language of the texts in an answer, over Accept-Language and the person's saved language. */
export const langQuery = { lang: z.enum(LOCALES, 'validation.languageInvalid').optional() };

/**
 * A text in English and in each other language it has been written in (shared/languages.ts): content is written in
 * English first, and a reader of a language it lacks is shown the English, marked as such.
 */
export function localizedSchema<T extends z.ZodType>(
  inner: T,
): z.ZodType<{ en: z.output<T> } & { [L in Locale]?: z.output<T> }> {
  return z.object(
    Object.fromEntries(LOCALES.map((code) => [code, code === 'en' ? inner : inner.optional()])),
  ) as unknown as z.ZodType<{ en: z.output<T> } & { [L in Locale]?: z.output<T> }>;
}
