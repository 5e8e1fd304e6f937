import { describe, expect, it } from 'vitest';
import { lintAs } from './lint';

/** The rules that fire on `code` as if it were the file at `filePath`. */
const rulesOn = async (code: string, filePath: string): Promise<(string | null)[]> =>
  (await lintAs(code, filePath)).map((message) => message.ruleId);

const header = "import type { Locale } from '../../../shared/constants';\n";

describe('one way to choose a language', () => {
  it("refuses a conditional of one's own on the locale, in a module and in shared code", async () => {
    const planted = `${header}export const pick = (locale: Locale, a: string, b: string) => (locale === 'vi' ? b : a);\n`;
    expect(await rulesOn(planted, 'src/server/modules/planted/pick.ts')).toContain('no-restricted-syntax');
    const member = `${header}export const pick = (user: { locale: Locale }) => ('en' === user.locale ? 'en-AU' : 'vi-VN');\n`;
    expect(await rulesOn(member, 'src/shared/planted.ts')).toContain('no-restricted-syntax');
  });

  it('takes inLocale, and keeps the sessions rule beside it on the server', async () => {
    const fine = `${header}import { inLocale } from '../../../shared/i18n';
export const pick = (locale: Locale, a: string, b: string) => inLocale(locale, { en: a, vi: b });\n`;
    expect(await rulesOn(fine, 'src/server/modules/planted/pick.ts')).toEqual([]);
    const sessions =
      'declare const tx: { delete(t: unknown): void }; declare const sessions: unknown;\ntx.delete(sessions);\n';
    expect(await rulesOn(sessions, 'src/server/modules/planted/end.ts')).toContain('no-restricted-syntax');
  });
});
