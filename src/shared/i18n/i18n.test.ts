import { describe, expect, it } from 'vitest';
import { en } from './en';
import { localeFromAcceptLanguage, translate } from './index';
import { vi } from './vi';

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key));
}

function emptyValues(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return node.trim() ? [] : [prefix];
  return Object.entries(node as object).flatMap(([key, value]) => emptyValues(value, `${prefix}.${key}`));
}

describe('UI texts', () => {
  it('has every English key in Vietnamese and the reverse', () => {
    const enKeys = keys(en).sort();
    const viKeys = keys(vi).sort();
    expect(viKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !viKeys.includes(key))).toEqual([]);
  });

  it('has no empty text in either language', () => {
    expect(emptyValues(en)).toEqual([]);
    expect(emptyValues(vi)).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: unknown) => (String(text).match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const key of keys(en)) {
      expect(placeholders(translate('vi', key)), key).toEqual(placeholders(translate('en', key)));
    }
  });
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
