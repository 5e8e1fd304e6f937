import { DEFAULT_LOCALE, LOCALES, type Locale } from '../constants';
import { en } from './en';
import type { laterEn } from './later.en';
import type { pagesEn } from './pages.en';
import { vi } from './vi';

/** The texts of the first load; screens add theirs from pages.en.ts / pages.vi.ts when they load. */
export const resources = { en, vi } as const;

/** The forms Intl.PluralRules can ask for: a plural text has a key per form, `likes_one`, `likes_other`. */
type PluralForm = Intl.LDMLPluralRule;

/** A key and, for a plural text's forms, also its base name: `likes_one` gives `likes_one` and `likes`. */
type KeyName<K extends string> = K extends `${infer Base}_${PluralForm}` ? K | Base : K;

/** The dotted paths of a tree of texts. */
type KeysOf<T> = {
  [K in keyof T & string]: T[K] extends string ? KeyName<K> : `${K}.${KeysOf<T[K]>}`;
}[keyof T & string];

/** Every key of the English texts: first-load, screen and later texts ("nav.trending", "question.likes"). */
export type MessageKey = KeysOf<typeof en> | KeysOf<typeof pagesEn> | KeysOf<typeof laterEn>;

/** Values for `{{placeholders}}`; a numeric `count` also chooses the plural form. */
export type Values = Record<string, string | number | undefined>;

/** A translator fixed to one language. */
export type TFunction = (key: MessageKey, values?: Values) => string;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Picks en or vi from an Accept-Language header, honouring q-values; `fallback` when it names neither. */
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
      return { lang: tag.toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.lang).find(isLocale) ?? fallback;
}

/** Texts that screens bring with them when they load (see registerTexts). */
const extra: Record<Locale, Record<string, unknown>> = { en: {}, vi: {} };

/** Adds the texts of lazily loaded screens; called when their chunk is evaluated, before they render. */
export function registerTexts(texts: Record<Locale, Record<string, unknown>>) {
  Object.assign(extra.en, texts.en);
  Object.assign(extra.vi, texts.vi);
}

function walk(tree: unknown, key: string): unknown {
  let node = tree;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

/** A key of the first-load texts, else of the registered screen texts (a namespace may be in both). */
function lookup(locale: Locale, key: string): unknown {
  return walk(resources[locale], key) ?? walk(extra[locale], key);
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
  return text !== undefined && template(DEFAULT_LOCALE, text, undefined) !== undefined
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
