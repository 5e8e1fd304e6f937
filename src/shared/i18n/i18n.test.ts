import { describe, expect, it } from 'vitest';
import { en } from './en';
import { localeFromAcceptLanguage, translate } from './index';
import { pagesEn } from './pages.en';
import { pagesVi } from './pages.vi';
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

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: unknown) => (String(text).match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const key of keys(english)) {
      expect(placeholders(lookup(vietnamese, key)), key).toEqual(placeholders(lookup(english, key)));
    }
  });
});

it('never defines a group of texts in both files', () => {
  expect(Object.keys(pagesEn).filter((group) => group in en)).toEqual([]);
});

describe('translate', () => {
  it('fills placeholders and falls back to the key', () => {
    expect(translate('en', 'footer.copyright', { year: 2026 })).toBe(
      '© 2026 Mentor Me. All rights reserved.',
    );
    expect(translate('vi', 'errors.invalidCredentials')).toBe('Email hoặc mật khẩu không đúng');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });

  it('picks the language from Accept-Language by quality', () => {
    expect(localeFromAcceptLanguage('vi-VN,vi;q=0.9,en;q=0.8')).toBe('vi');
    expect(localeFromAcceptLanguage('fr;q=1, vi;q=0.5, en;q=0.7')).toBe('en');
    expect(localeFromAcceptLanguage('fr')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
    expect(localeFromAcceptLanguage('vi;q=0')).toBe('en');
  });
});
