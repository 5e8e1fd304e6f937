import './page-texts';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../shared/languages';
import { getFixedT, setLanguage, useTranslation } from './i18n';

describe('client translator', () => {
  it('chooses plural forms by count', () => {
    const t = getFixedT('en');
    expect(t('founders.contributions', { count: 1 })).toBe('1 contribution');
    expect(t('founders.contributions', { count: 5 })).toBe('5 contributions');
    expect(getFixedT('vi')('founders.contributions', { count: 5 })).toBe('5 đóng góp');
  });

  it('switches language, remembers it and sets <html lang>', () => {
    const { result } = renderHook(() => useTranslation());
    act(() => setLanguage('vi'));
    expect(result.current.locale).toBe('vi');
    expect(result.current.t('nav.trending')).toBe('Nổi bật');
    expect(document.documentElement.lang).toBe('vi');
    expect(localStorage.getItem('mentorme.language')).toBe('vi');
    act(() => setLanguage('en'));
    expect(result.current.t('nav.trending')).toBe('Trending');
  });

  it('switches to a language whose texts are not in once they are, and to the last one asked for', async () => {
    vi.resetModules();
    localStorage.setItem('mentorme.language', 'en');
    const fresh = await import('./i18n');
    await fresh.textsReady();
    const switching = fresh.setLanguage('vi');
    expect(switching).toBeInstanceOf(Promise);
    expect(fresh.currentLocale()).toBe('en');
    await switching;
    expect(fresh.currentLocale()).toBe('vi');
    expect(fresh.i18n.t('nav.trending')).toBe('Nổi bật');
    expect(fresh.setLanguage('en')).toBeUndefined();
    expect(fresh.currentLocale()).toBe('en');
    vi.resetModules();
  });

  it('tries texts that could not be had again until they come', async () => {
    vi.resetModules();
    localStorage.setItem('mentorme.language', 'en');
    const fresh = await import('./i18n');
    await fresh.textsReady();
    let attempts = 0;
    const loader = () => {
      attempts += 1;
      return attempts < 3
        ? Promise.reject(new Error('offline'))
        : Promise.resolve({ retried: { text: 'Here' } });
    };
    fresh.addTexts(Object.fromEntries(LOCALES.map((code) => [code, loader])) as never).catch(() => undefined);
    await fresh.textsReady(5);
    expect(attempts).toBe(3);
    expect(fresh.i18n.t('retried.text' as never)).toBe('Here');
    vi.resetModules();
  });

  it('starts in the language of its cookie, in which the first HTML was written, when nothing is stored', async () => {
    vi.resetModules();
    document.cookie = 'mentorme.language=vi; path=/';
    const fresh = await import('./i18n');
    expect(fresh.currentLocale()).toBe('vi');
    fresh.setLanguage('en');
    vi.resetModules();
  });
});
