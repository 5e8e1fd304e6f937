import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, STORAGE_KEYS, type Locale } from '../../shared/constants';
import { isLocale, resources } from '../../shared/i18n';

/**
 * A small translator over the shared en/vi resources: dotted keys, {{value}} placeholders and
 * plurals by `count` with `_one` / `_other` keys (chosen by Intl.PluralRules).
 */
type Values = Record<string, string | number | undefined>;
export type TFunction = (key: string, values?: Values) => string;

/** Texts that screens bring with them when they load (see registerTexts). */
const extra: Record<Locale, Record<string, unknown>> = { en: {}, vi: {} };

/** Adds the texts of lazily loaded screens; called when their chunk is evaluated, before they render. */
export function registerTexts(texts: Record<Locale, Record<string, unknown>>) {
  Object.assign(extra.en, texts.en);
  Object.assign(extra.vi, texts.vi);
}

function lookup(locale: Locale, key: string): unknown {
  const [head = '', ...rest] = key.split('.');
  let node: unknown = (resources[locale] as Record<string, unknown>)[head] ?? extra[locale][head];
  for (const part of rest) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

const pluralRules: Partial<Record<Locale, Intl.PluralRules>> = {};

const translators = new Map<Locale, TFunction>();

/** The translator of one language (the same function each time, so it can sit in dependency lists). */
export function getFixedT(locale: Locale): TFunction {
  const known = translators.get(locale);
  if (known) return known;
  const translate: TFunction = (key, values = {}) => {
    let template = lookup(locale, key);
    if (typeof values.count === 'number' && typeof template !== 'string') {
      const rules = (pluralRules[locale] ??= new Intl.PluralRules(locale));
      template = lookup(locale, `${key}_${rules.select(values.count)}`) ?? lookup(locale, `${key}_other`);
    }
    if (typeof template !== 'string') return key;
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
  translators.set(locale, translate);
  return translate;
}

function storedLocale(): Locale {
  try {
    const saved = localStorage.getItem(STORAGE_KEYS.language);
    if (isLocale(saved)) return saved;
  } catch {
    // storage unavailable (private mode): fall through
  }
  const browser = typeof navigator !== 'undefined' ? navigator.language.slice(0, 2) : DEFAULT_LOCALE;
  return isLocale(browser) ? browser : DEFAULT_LOCALE;
}

let locale: Locale = storedLocale();
const listeners = new Set<() => void>();

function applyToDocument() {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyToDocument();

/** The current language and its translator, for code outside React. */
export const i18n = {
  get language(): Locale {
    return locale;
  },
  t: ((key, values) => getFixedT(locale)(key, values)) as TFunction,
  getFixedT,
};

export function currentLocale(): Locale {
  return locale;
}

/** Switches the language, remembers it and sets <html lang>. */
export function setLanguage(next: Locale) {
  try {
    localStorage.setItem(STORAGE_KEYS.language, next);
  } catch {
    // not remembered, still switched
  }
  if (next === locale) return;
  locale = next;
  applyToDocument();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders the component when the language changes. */
export function useTranslation(): { t: TFunction; locale: Locale } {
  const current = useSyncExternalStore(subscribe, currentLocale, currentLocale);
  return { t: getFixedT(current), locale: current };
}
