import { describe, expect, it } from 'vitest';
import { splitTags } from './limits';
import {
  inReaderLanguage,
  language,
  LANGUAGES,
  languageName,
  localeOfTag,
  localized,
  LOCALES,
  scriptLocale,
} from './languages';

describe('the list of languages', () => {
  it('gives each language a code, both names, a script, a direction and a date locale', () => {
    expect(LOCALES).toEqual(LANGUAGES.map((entry) => entry.code));
    for (const entry of LANGUAGES) {
      expect(entry.ownName, entry.code).toBeTruthy();
      expect(['ltr', 'rtl']).toContain(entry.dir);
      expect(() => new Intl.DateTimeFormat(entry.intl), entry.code).not.toThrow();
      expect(language(entry.code)).toBe(entry);
    }
  });

  it('reads the tags browsers send: a region or script names its language', () => {
    expect(localeOfTag('vi-VN')).toBe('vi');
    expect(localeOfTag('zh-CN')).toBe('zh-Hans');
    expect(localeOfTag('zh-Hans')).toBe('zh-Hans');
    expect(localeOfTag('ZH-hant-TW')).toBe('zh-Hans');
    expect(localeOfTag('ne-NP')).toBe('ne');
    expect(localeOfTag('en-AU')).toBe('en');
    expect(localeOfTag('fr')).toBeUndefined();
    // "ne" is not the start of "nl", nor "en" of "eng-x".
    expect(localeOfTag('nl')).toBeUndefined();
  });

  it('knows a text by its script where only one of its languages writes it', () => {
    expect(scriptLocale('怎么申请税号？')).toBe('zh-Hans');
    expect(scriptLocale('मेरो TFN कसरी पाउने?')).toBe('ne');
    expect(scriptLocale('Làm sao để xin mã số thuế?')).toBeUndefined();
    expect(scriptLocale('How do I get a TFN?')).toBeUndefined();
  });

  it('shows a text in the reader’s language, else in English, saying which', () => {
    const text = { en: 'Housing', vi: 'Nhà ở' };
    expect(localized(text, 'vi')).toEqual({ value: 'Nhà ở', locale: 'vi' });
    expect(localized(text, 'ne')).toEqual({ value: 'Housing', locale: 'en' });
    expect(inReaderLanguage(text, 'zh-Hans')).toBe('Housing');
  });

  it('names every language in every reader’s language, its own by its own name', () => {
    expect(languageName('vi', 'en')).toBe('Vietnamese');
    expect(languageName('ne', 'zh-Hans')).toBe('尼泊尔语');
    expect(languageName('vi', 'ne')).toBe('भियतनामी');
    for (const entry of LANGUAGES) {
      expect(Object.keys(entry.names).sort(), entry.code).toEqual([...LOCALES].sort());
      expect(languageName(entry.code, entry.code)).toBe(entry.code === 'zh-Hans' ? '中文' : entry.ownName);
    }
  });
});

describe('splitTags', () => {
  it('splits on commas, a Chinese keyboard’s too', () => {
    expect(splitTags('housing, bond')).toEqual(['housing', 'bond']);
    expect(splitTags('住房，押金、租房')).toEqual(['住房', '押金', '租房']);
    expect(splitTags(' , ')).toEqual([]);
  });
});
