import { describe, expect, it } from 'vitest';
import { organisationSchema } from '../../../shared/schemas/resources';
import {
  bilingualLines,
  languageLines,
  organisationFromForm,
  parseBilingualLines,
  parseLanguageLines,
} from './directory-form';

describe('the directory editor’s lists as text', () => {
  it('writes and reads "English | Vietnamese" lines, skipping blank ones', () => {
    const items = [
      { en: 'Advice', vi: 'Tư vấn' },
      { en: 'Food relief', vi: 'Hỗ trợ thực phẩm' },
    ];
    expect(bilingualLines(items)).toBe('Advice | Tư vấn\nFood relief | Hỗ trợ thực phẩm');
    expect(parseBilingualLines(`${bilingualLines(items)}\n\n  `)).toEqual(items);
    // A line without its Vietnamese half stays, half empty, for the schema to refuse.
    expect(parseBilingualLines('Advice')).toEqual([{ en: 'Advice', vi: '' }]);
  });

  it('reads a language by its English name in any case, and a note as two halves', () => {
    const text = 'vietnamese\nFree interpreter on request | Có thông dịch viên miễn phí khi yêu cầu\nKlingon';
    expect(parseLanguageLines(text)).toEqual([
      'Vietnamese',
      { en: 'Free interpreter on request', vi: 'Có thông dịch viên miễn phí khi yêu cầu' },
      'Klingon',
    ]);
    expect(languageLines(['Vietnamese', { en: 'Interpreter', vi: 'Thông dịch' }])).toBe(
      'Vietnamese\nInterpreter | Thông dịch',
    );
  });

  it('builds an organisation from the form that the shared schema checks', () => {
    const fields: Record<string, string> = {
      id: 'footscray-hub',
      name: ' Footscray Hub ',
      category: 'community',
      descriptionEn: 'Helps.',
      descriptionVi: 'Giúp đỡ.',
      address: '1 Example Street',
      suburb: 'Footscray',
      state: 'VIC',
      postcode: '3011',
      phone: '',
      website: 'https://example.org.au/',
      hoursEn: '',
      hoursVi: '',
      services: 'Advice | Tư vấn',
      languages: 'Klingon',
      languagesSource: '',
      source: 'https://example.org.au/',
      lastReviewed: '2026-11-27',
    };
    const entry = organisationFromForm((name) => fields[name] ?? '');
    expect(entry).toMatchObject({ name: 'Footscray Hub', phone: undefined, hours: undefined });
    const parsed = organisationSchema.safeParse(entry);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('directory.errors.language');
    fields.languages = 'Vietnamese';
    expect(organisationSchema.safeParse(organisationFromForm((name) => fields[name] ?? '')).success).toBe(
      true,
    );
  });
});
