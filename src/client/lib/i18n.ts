/**
 * The language of the page over the shared translator (src/shared/i18n): remembered in localStorage and a cookie,
 * set on <html lang>, and followed by components through useTranslation.
 */
import { useSyncExternalStore } from 'react';
import { LANGUAGE_COOKIE_AGE_S, STORAGE_KEYS } from '../../shared/constants';
import { getFixedT, localeFromAcceptLanguage, registerTexts, type TFunction } from '../../shared/i18n';
import { DEFAULT_LOCALE, isLocale, language, LOCALES, type Locale } from '../../shared/languages';
import { TEXTS } from '../../shared/i18n/texts';

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
  return typeof navigator === 'undefined'
    ? DEFAULT_LOCALE
    : localeFromAcceptLanguage((navigator.languages ?? [navigator.language]).join(','));
}

/**
 * The language the address names (`?lang=vi`: every link in an email carries the email's), taken out of the address
 * before the router reads it. It wins over what the device remembers, and is remembered in its place: a Vietnamese
 * reader opening a link from a Vietnamese email reads on in Vietnamese.
 */
function linkedLocale(): Locale | undefined {
  if (typeof window === 'undefined') return undefined;
  const url = new URL(window.location.href);
  const asked = url.searchParams.get('lang');
  if (!url.searchParams.has('lang')) return undefined;
  url.searchParams.delete('lang');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (!isLocale(asked)) return undefined;
  try {
    localStorage.setItem(STORAGE_KEYS.language, asked);
  } catch {
    // not remembered: the cookie below still carries it to the next page's first HTML
  }
  return asked;
}

let locale: Locale = linkedLocale() ?? storedLocale();
const listeners = new Set<() => void>();

/**
 * Sets <html lang dir>, and the language cookie that lets the server title the first HTML of a page in it (it holds
 * only a language's code). The page usually comes in the reader's language: setting the same lang again would still
 * make the browser work out the style of every element on it again.
 */
function applyToDocument() {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  if (root.lang !== locale) root.lang = locale;
  const { dir } = language(locale);
  if (root.dir !== dir) root.dir = dir;
  document.cookie = `${STORAGE_KEYS.language}=${locale}; path=/; max-age=${LANGUAGE_COOKIE_AGE_S}; samesite=lax`;
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

/** A set of texts in each language, loaded when needed: the first load's, or the screens'. */
type Texts = Record<Locale, () => Promise<Record<string, unknown>>>;

/** One part of every language's texts (shared/i18n/texts.ts), as a set to add. */
export function textsPart(part: 'first' | 'pages' | 'later'): Texts {
  return Object.fromEntries(LOCALES.map((code) => [code, TEXTS[code][part]])) as Texts;
}

/** Each set of texts with its loads by language, and what has come in. */
const loads = new Map<Texts, Partial<Record<Locale, Promise<void>>>>();
const loaded = Object.fromEntries(LOCALES.map((code) => [code, new Set<Texts>()])) as Record<
  Locale,
  Set<Texts>
>;

function load(texts: Texts, language: Locale): Promise<void> {
  const started = loads.get(texts)!;
  let done = started[language];
  if (!done) {
    done = texts[language]().then((tree) => {
      registerTexts({ [language]: tree });
      loaded[language].add(texts);
    });
    // A load that failed (no connection) is tried again next time.
    done.catch(() => delete started[language]);
    started[language] = done;
  }
  return done;
}

/**
 * Texts in each language, of which only the reader's is loaded (another's before the page switches to it). The
 * promise settles once the reader's are in.
 */
export function addTexts(texts: Texts): Promise<void> {
  loads.set(texts, {});
  return load(texts, locale);
}

// The first load's texts, in the reader's language: main.tsx waits for them before the first render (textsReady).
void addTexts(textsPart('first'));

/**
 * A lazily loaded module, once the texts it brought (lib/page-texts.ts) are in, in the reader's language (or in
 * those given): the lazy screens and parts go through it, so they never render a key.
 */
export async function withTexts<M>(module: Promise<M>, languages: readonly Locale[] = [locale]): Promise<M> {
  const loadedModule = await module;
  await Promise.all([...loads.keys()].flatMap((texts) => languages.map((language) => load(texts, language))));
  return loadedModule;
}

/**
 * The texts added so far, in the reader's language, tried again while they cannot be had (a lost connection): after
 * `firstWait` ms, then twice as long each time up to half a minute. main.tsx waits for them before the first render,
 * and the page's frame stays on screen meanwhile.
 */
export async function textsReady(firstWait = 2_000): Promise<void> {
  for (let wait = firstWait; ; wait = Math.min(wait * 2, 30_000)) {
    try {
      return await withTexts(Promise.resolve());
    } catch {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** Every set of texts in every language (the page frames are rendered in each, and so are the unit tests). */
export const loadEveryLanguage = () => withTexts(Promise.resolve(), LOCALES);

let wanted: Locale = locale;

/**
 * Switches the language, remembers it and sets <html lang>: at once when its texts are in, else once they are (the
 * promise it then gives; the last language asked for wins).
 */
export function setLanguage(next: Locale): Promise<void> | undefined {
  try {
    localStorage.setItem(STORAGE_KEYS.language, next);
  } catch {
    // not remembered, still switched
  }
  wanted = next;
  const switchTo = () => {
    if (wanted !== next || next === locale) return;
    locale = next;
    applyToDocument();
    listeners.forEach((listener) => listener());
  };
  const missing = [...loads.keys()].filter((texts) => !loaded[next].has(texts));
  if (missing.length > 0) return Promise.all(missing.map((texts) => load(texts, next))).then(switchTo);
  switchTo();
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
