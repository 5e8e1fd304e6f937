import { describe, expect, expectTypeOf, it, vi as vitest } from 'vitest';
import { LANGUAGES, LOCALES, type Locale } from '../languages';
import { en } from './en';
import { TEXT_PARTS, TEXTS } from './texts';
import { getFixedT, localeFromAcceptLanguage, translate, type MessageKey } from './index';
import { laterEn } from './later.en';
import { pagesEn } from './pages.en';
import { pagesVi } from './pages.vi';
import { serverEn } from './server.en';
import { vi } from './vi';

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key));
}

function emptyValues(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return node.trim() ? [] : [prefix];
  return Object.entries(node as object).flatMap(([key, value]) => emptyValues(value, `${prefix}.${key}`));
}

function lookup(node: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((n, part) => (n as Record<string, unknown> | undefined)?.[part], node);
}

const PARTS = TEXT_PARTS;
/** Each part of each language's texts, as the app and the server load them (shared/languages.ts). */
const loaded = Object.fromEntries(
  await Promise.all(
    LOCALES.map(async (locale) => [
      locale,
      Object.fromEntries(
        await Promise.all(PARTS.map(async (part) => [part, await TEXTS[locale][part]()] as const)),
      ),
    ]),
  ),
) as Record<Locale, Record<(typeof PARTS)[number], Record<string, unknown>>>;
const strings = (node: unknown): string[] =>
  typeof node === 'string' ? [node] : Object.values(node as object).flatMap(strings);

describe.each(
  PARTS.flatMap((part) => LANGUAGES.filter((l) => l.code !== 'en').map((l) => [part, l.code] as const)),
)('UI texts: %s in %s', (part, locale) => {
  const english = loaded.en[part];
  const translated = loaded[locale][part];

  it('has every English key, and no other', () => {
    const enKeys = keys(english).sort();
    const ownKeys = keys(translated).sort();
    expect(ownKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !ownKeys.includes(key))).toEqual([]);
  });

  it('has no empty text', () => {
    expect(emptyValues(english)).toEqual([]);
    expect(emptyValues(translated)).toEqual([]);
  });

  it('has every plural form the language uses', () => {
    for (const [code, texts] of [
      ['en', english],
      [locale, translated],
    ] as const) {
      const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
      const bases = new Set(
        keys(texts).flatMap((key) => /^(.+)_(?:zero|one|two|few|many|other)$/.exec(key)?.[1] ?? []),
      );
      for (const base of bases)
        for (const form of forms)
          expect(lookup(texts, `${base}_${form}`), `${code} ${base}_${form}`).toBeTypeOf('string');
    }
  });

  it('uses the same placeholders as English', () => {
    const placeholders = (text: unknown) => (String(text).match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const key of keys(english)) {
      expect(placeholders(lookup(translated, key)), key).toEqual(placeholders(lookup(english, key)));
    }
  });

  it('writes numbers in the digits 0-9, as phone numbers are dialled', () => {
    expect(strings(translated).filter((text) => /[\u0966-\u096F]/.test(text))).toEqual([]);
  });
});

it('calls a mentor by one Vietnamese word, “người hướng dẫn”', () => {
  const other = /cố vấn|\bmentor\b(?! Me\b)/i;
  for (const part of PARTS) expect(strings(loaded.vi[part]).filter((text) => other.test(text))).toEqual([]);
});

it('never defines a text in two files (a group may be split between them)', () => {
  const all = [...keys(en), ...keys(pagesEn), ...keys(laterEn), ...keys(serverEn)];
  expect(all.filter((key, index) => all.indexOf(key) !== index)).toEqual([]);
});

describe('translate', () => {
  // The server registers every text at start (src/server/errors.ts); the app the reader's language, as it needs them.
  it('finds a text once its language’s texts are registered, in the first set that has it', async () => {
    vitest.resetModules();
    const fresh = await import('./index');
    expect(fresh.translate('vi', 'nav.trending')).toBe('nav.trending');
    fresh.registerTexts({ vi });
    expect(fresh.translate('vi', 'nav.trending')).toBe('Nổi bật');
    expect(fresh.translate('en', 'nav.trending')).toBe('nav.trending');
    expect(fresh.translate('vi', 'legal.lastReviewed')).toBe('legal.lastReviewed');
    fresh.registerTexts({ en, vi: pagesVi });
    expect(fresh.getFixedT('vi')('founders.contributions', { count: 2 })).toBe('2 đóng góp');
    expect(fresh.translate('en', 'nav.trending')).toBe('Trending');
    // A schema's message is a key when any language registered so far has it.
    expect(fresh.messageKey('legal.lastReviewed')).toBe('legal.lastReviewed');
    expect(fresh.messageKey('no.such.key')).toBe('validation.invalidInput');
    vitest.resetModules();
  });

  it('fills placeholders and falls back to the key', () => {
    expect(translate('en', 'footer.copyright', { year: 2026 })).toBe(
      '© 2026 Mentor Me. All rights reserved.',
    );
    expect(translate('vi', 'errors.invalidCredentials')).toBe('Email hoặc mật khẩu không đúng');
    expect(translate('en', 'no.such.key' as MessageKey)).toBe('no.such.key');
  });

  it('chooses plural forms by count in each language', () => {
    expect(translate('en', 'questions.likes', { count: 1 })).toBe('1 like');
    expect(translate('en', 'questions.likes', { count: 3 })).toBe('3 likes');
    expect(translate('vi', 'questions.replies', { count: 1 })).toBe('1 câu trả lời');
    expect(getFixedT('en')('questions.replies', { count: 0 })).toBe('0 replies');
  });

  it('shows a placeholder without a value as written on the server and leaves it out on screens', () => {
    expect(translate('en', 'footer.copyright')).toBe('© {{year}} Mentor Me. All rights reserved.');
    expect(getFixedT('en')('footer.copyright')).toBe('©  Mentor Me. All rights reserved.');
    expect(getFixedT('en')('footer.copyright', { year: 2026 })).toBe(
      translate('en', 'footer.copyright', { year: 2026 }),
    );
  });

  it('counts one government service in the singular', () => {
    expect(getFixedT('en')('government.resultsCount', { count: 1 })).toBe('1 service');
    expect(getFixedT('en')('government.resultsCount', { count: 86 })).toBe('86 services');
    expect(getFixedT('vi')('government.resultsCount', { count: 1 })).toBe('1 dịch vụ');
  });

  it('gives every locale its own translator, the same one each time', () => {
    for (const locale of LOCALES) expect(getFixedT(locale)).toBe(getFixedT(locale));
    expect(getFixedT('en')).not.toBe(getFixedT('vi'));
  });

  it('picks the language from Accept-Language by quality', () => {
    expect(localeFromAcceptLanguage('vi-VN,vi;q=0.9,en;q=0.8')).toBe('vi');
    expect(localeFromAcceptLanguage('fr;q=1, vi;q=0.5, en;q=0.7')).toBe('en');
    expect(localeFromAcceptLanguage('fr')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
    // A region or script names the language it belongs to: zh-CN and zh-TW read Simplified Chinese, ne-NP Nepali.
    expect(localeFromAcceptLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-Hans');
    expect(localeFromAcceptLanguage('zh-Hans-AU')).toBe('zh-Hans');
    expect(localeFromAcceptLanguage('zh-TW')).toBe('zh-Hans');
    expect(localeFromAcceptLanguage('ne-NP, en;q=0.5')).toBe('ne');
    expect(localeFromAcceptLanguage('fr, ne;q=0.3, vi;q=0.4')).toBe('vi');
    expect(localeFromAcceptLanguage('vi;q=0')).toBe('en');
  });
});

describe('MessageKey', () => {
  it('names every text, and plural texts by their base name', () => {
    expectTypeOf<'nav.trending'>().toExtend<MessageKey>();
    expectTypeOf<'questions.likes'>().toExtend<MessageKey>();
    expectTypeOf<'questions.likes_other'>().toExtend<MessageKey>();
    expectTypeOf<'founders.contributions'>().toExtend<MessageKey>();
    expectTypeOf<'legal.lastReviewed'>().toExtend<MessageKey>();
  });

  it('rejects a misspelt key or a group of texts', () => {
    expectTypeOf<'nav.trendnig'>().not.toExtend<MessageKey>();
    expectTypeOf<'nav'>().not.toExtend<MessageKey>();
    // @ts-expect-error a misspelt key is not a MessageKey
    const misspelt: MessageKey = 'errors.notFuond';
    expect(translate('en', misspelt)).toBe('errors.notFuond');
  });
});
