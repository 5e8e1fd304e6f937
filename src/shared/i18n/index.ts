import { DEFAULT_LOCALE, isLocale, LOCALES, localeOfTag, type Locale } from '../languages';
import { TEXT_PARTS, TEXTS } from './texts';
import type { en } from './en';
import type { laterEn } from './later.en';
import type { pagesEn } from './pages.en';
import type { serverEn } from './server.en';

/** The forms Intl.PluralRules can ask for: a plural text has a key per form, `likes_one`, `likes_other`. */
type PluralForm = Intl.LDMLPluralRule;

/** A key and, for a plural text's forms, also its base name: `likes_one` gives `likes_one` and `likes`. */
type KeyName<K extends string> = K extends `${infer Base}_${PluralForm}` ? K | Base : K;

/** The dotted paths of a tree of texts. */
type KeysOf<T> = {
  [K in keyof T & string]: T[K] extends string ? KeyName<K> : `${K}.${KeysOf<T[K]>}`;
}[keyof T & string];

/**
 * Every key of the English texts: first-load, screen and later texts ("nav.trending", "questions.likes"), and those
 * only the server writes ("mail.resetPassword.subject").
 */
export type MessageKey =
  KeysOf<typeof en> | KeysOf<typeof pagesEn> | KeysOf<typeof laterEn> | KeysOf<typeof serverEn>;

/** Values for `{{placeholders}}`; a numeric `count` also chooses the plural form. */
export type Values = Record<string, string | number | undefined>;

/** A translator fixed to one language. */
export type TFunction = (key: MessageKey, values?: Values) => string;

export { isLocale };

/**
 * The language an Accept-Language header ranks highest among those we speak (`zh-CN` is zh-Hans), honouring
 * q-values; `fallback` when it names none.
 */
export function localeFromAcceptLanguage(
  header: string | undefined,
  fallback: Locale = DEFAULT_LOCALE,
): Locale {
  if (!header) return fallback;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { locale: localeOfTag(tag), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.find((entry) => entry.locale)?.locale ?? fallback;
}

/**
 * The texts known so far, by language, in the order they came: the first load's (en.ts, vi.ts), then those the
 * screens bring (pages.*.ts, later.*.ts). The server registers all of them at start (src/server/errors.ts); the app
 * only the reader's language, and another's before it switches (src/client/lib/i18n.ts).
 */
const registered = Object.fromEntries(LOCALES.map((locale) => [locale, []])) as unknown as Record<
  Locale,
  Record<string, unknown>[]
>;

export function registerTexts(texts: Partial<Record<Locale, Record<string, unknown>>>) {
  for (const locale of LOCALES) if (texts[locale]) registered[locale].push(texts[locale]);
}

function walk(tree: unknown, key: string): unknown {
  let node = tree;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

/** A key in the first texts that have it (a namespace may be in several). */
function lookup(locale: Locale, key: string): unknown {
  for (const texts of registered[locale]) {
    const text = walk(texts, key);
    if (text !== undefined) return text;
  }
  return undefined;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

function pluralForm(locale: Locale, count: number): PluralForm {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

/** The text of a key, or of the plural form its count asks for (`_other` when that form is missing). */
function template(locale: Locale, key: string, count: unknown): string | undefined {
  let text = lookup(locale, key);
  if (typeof count === 'number' && typeof text !== 'string') {
    text = lookup(locale, `${key}_${pluralForm(locale, count)}`) ?? lookup(locale, `${key}_other`);
  }
  return typeof text === 'string' ? text : undefined;
}

/** Looks the key up and fills its placeholders; `unfilled` gives what a placeholder without a value becomes. */
function render(locale: Locale, key: string, values: Values, unfilled: (name: string) => string): string {
  const text = template(locale, key, values.count);
  if (text === undefined) return key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? unfilled(name)));
}

const translators = new Map<Locale, TFunction>();

/**
 * The translator of one language, for screens (the same function each time, so it can sit in dependency lists).
 * An unknown key shows as the key; a placeholder without a value is left out, so a reader never sees braces.
 */
export function getFixedT(locale: Locale): TFunction {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = (key, values = {}) => render(locale, key, values, () => '')));
  return t;
}

/**
 * A text that should name a key (a schema's message is one, see shared/schemas) as a key: itself when the English
 * texts have it, else `fallback`.
 */
export function messageKey(
  text: string | undefined,
  fallback: MessageKey = 'validation.invalidInput',
): MessageKey {
  // Every language has the same keys (a test holds it): any language known so far will do.
  return text !== undefined && LOCALES.some((locale) => template(locale, text, undefined) !== undefined)
    ? (text as MessageKey)
    : fallback;
}

/**
 * Looks up a dotted key ("errors.notFound") and fills {{placeholders}}, for the server's messages. A placeholder
 * without a value stays `{{name}}`, so a message sent without its value is seen in tests and logs.
 */
export function translate(locale: Locale, key: MessageKey, values: Values = {}): string {
  return render(locale, key, values, (name) => `{{${name}}}`);
}

/** Every language's texts, all parts of them: what the server and the tests register before they translate. */
export async function loadAllTexts(): Promise<void> {
  const loaded = await Promise.all(
    LOCALES.map(async (locale) => ({
      locale,
      trees: await Promise.all(TEXT_PARTS.map((part) => TEXTS[locale][part]())),
    })),
  );
  for (const { locale, trees } of loaded) {
    if (registered[locale].length > 0) continue;
    for (const tree of trees) registerTexts({ [locale]: tree });
  }
}
