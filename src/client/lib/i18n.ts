/**
 * The language of the page over the shared translator (src/shared/i18n): remembered in localStorage and a cookie,
 * set on <html lang>, and followed by components through useTranslation.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, STORAGE_KEYS, type Locale } from '../../shared/constants';
import { getFixedT, isLocale, type TFunction } from '../../shared/i18n';

export { getFixedT, messageKey, registerTexts, type MessageKey, type TFunction } from '../../shared/i18n';

function storedLocale(): Locale {
  try {
    const saved = localStorage.getItem(STORAGE_KEYS.language);
    if (isLocale(saved)) return saved;
  } catch {
    // storage unavailable (private mode): fall through
  }
  // The cookie the first HTML was written in, when storage has been cleared or is unavailable.
  const cookie =
    typeof document === 'undefined'
      ? undefined
      : document.cookie
          .split('; ')
          .find((pair) => pair.startsWith(`${STORAGE_KEYS.language}=`))
          ?.slice(STORAGE_KEYS.language.length + 1);
  if (isLocale(cookie)) return cookie;
  const browser = typeof navigator !== 'undefined' ? navigator.language.slice(0, 2) : DEFAULT_LOCALE;
  return isLocale(browser) ? browser : DEFAULT_LOCALE;
}

let locale: Locale = storedLocale();
const listeners = new Set<() => void>();

/** A year, in seconds: how long the language cookie is kept. */
const LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60;

/**
 * Sets <html lang>, and the language cookie that lets the server title the first HTML of a page in it (it holds
 * only `en` or `vi`).
 */
function applyToDocument() {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.cookie = `${STORAGE_KEYS.language}=${locale}; path=/; max-age=${LANGUAGE_COOKIE_AGE}; samesite=lax`;
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
