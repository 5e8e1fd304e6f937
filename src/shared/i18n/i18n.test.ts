import { describe, expect, expectTypeOf, it, vi as vitest } from 'vitest';
import { LOCALES } from '../constants';
import { en } from './en';
import { getFixedT, localeFromAcceptLanguage, translate, type MessageKey } from './index';
import { laterEn } from './later.en';
import { laterVi } from './later.vi';
import { notificationsEn } from './notifications.en';
import { notificationsVi } from './notifications.vi';
import { pagesEn } from './pages.en';
import { pagesVi } from './pages.vi';
import { serverEn } from './server.en';
import { serverVi } from './server.vi';
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

describe.each([
  ['first-load texts', en, vi],
  ['screen texts', pagesEn, pagesVi],
  // Part of the screen texts; on their own row, so a missing one is named by its file.
  ['notification texts', notificationsEn, notificationsVi],
  ['later texts', laterEn, laterVi],
  ['server texts', serverEn, serverVi],
])('UI texts: %s', (_name, english, vietnamese) => {
  it('has every English key in Vietnamese and the reverse', () => {
    const enKeys = keys(english).sort();
    const viKeys = keys(vietnamese).sort();
    expect(viKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !viKeys.includes(key))).toEqual([]);
  });

  it('has no empty text in either language', () => {
    expect(emptyValues(english)).toEqual([]);
    expect(emptyValues(vietnamese)).toEqual([]);
  });

  it('has every plural form each language uses', () => {
    for (const [locale, texts] of [
      ['en', english],
      ['vi', vietnamese],
    ] as const) {
      const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const bases = new Set(
        keys(texts).flatMap((key) => /^(.+)_(?:zero|one|two|few|many|other)$/.exec(key)?.[1] ?? []),
      );
      for (const base of bases)
        for (const form of forms)
          expect(lookup(texts, `${base}_${form}`), `${locale} ${base}_${form}`).toBeTypeOf('string');
    }
  });

  it('calls a mentor by one Vietnamese word, “người hướng dẫn”', () => {
    const strings = (node: unknown): string[] =>
      typeof node === 'string' ? [node] : Object.values(node as object).flatMap(strings);
    const other = /cố vấn|\bmentor\b(?! Me\b)/i;
    expect(strings(vietnamese).filter((text) => other.test(text))).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: unknown) => (String(text).match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const key of keys(english)) {
      expect(placeholders(lookup(vietnamese, key)), key).toEqual(placeholders(lookup(english, key)));
    }
  });
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
