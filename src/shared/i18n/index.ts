import { DEFAULT_LOCALE, LOCALES, type Locale } from '../constants';
import { en } from './en';
import { vi } from './vi';

/** The texts of the first load; screens add theirs from pages.en.ts / pages.vi.ts when they load. */
export const resources = { en, vi } as const;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Picks en or vi from an Accept-Language header, honouring q-values. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.lang).find(isLocale) ?? DEFAULT_LOCALE;
}

/**
 * Looks up a dotted key ("errors.notFound") and fills {{placeholders}}.
 * Used by the server; the client uses i18next over the same resources.
 */
export function translate(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = resources[locale];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  const template = typeof node === 'string' ? node : key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}
