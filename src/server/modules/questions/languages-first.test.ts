import { describe, expect, it } from 'vitest';
import { translate } from '../../../shared/i18n';
import { ids, useQuestionsApp } from './questions.test-helpers';

const { a, alice } = useQuestionsApp();

describe('GET /api/questions?first=: the reader’s languages first', () => {
  it('lists the questions in those languages first, then all the others, each once, page after page', async () => {
    const asked: Record<string, string[]> = { vi: [], en: [], 'zh-Hans': [] };
    const texts = {
      vi: ['Làm sao để mở tài khoản ngân hàng?', 'Tôi cần tìm nhà gần trường', 'Xin visa du lịch cho bố mẹ'],
      en: ['How do I open a bank account?', 'Where can I find a room near campus?'],
      'zh-Hans': ['怎么申请税号？', '房东不退押金怎么办？'],
    };
    // Asked in turns, so that no language's questions are all newer than another's.
    for (let i = 0; i < 3; i++)
      for (const [language, titles] of Object.entries(texts))
        if (titles[i]) asked[language]!.push((await a().ask(alice.headers, { title: titles[i] })).id);

    for (const sort of ['latest', 'trending'] as const) {
      const pages = await a().walk({ sort, limit: 2, first: 'vi,zh-Hans' });
      const order = pages.flatMap((page) => ids(page.questions));
      expect(order, sort).toHaveLength(7);
      expect(new Set(order).size).toBe(7);
      expect(new Set(order.slice(0, 5)), sort).toEqual(new Set([...asked.vi!, ...asked['zh-Hans']!]));
      expect(new Set(order.slice(5)), sort).toEqual(new Set(asked.en));
      // The same questions as without the setting, in the same order within each part.
      const plain = (await a().walk({ sort, limit: 20 })).flatMap((page) => ids(page.questions));
      expect(order.slice(0, 5)).toEqual(plain.filter((id) => order.slice(0, 5).includes(id)));
      expect(order.slice(5)).toEqual(plain.filter((id) => asked.en!.includes(id)));
    }

    // A page that ends just where the reader's languages do goes on with the others.
    const pages = await a().walk({ sort: 'latest', limit: 3, first: 'vi' });
    expect(pages.map((page) => page.questions.length)).toEqual([3, 3, 1]);
    expect(new Set(ids(pages[0]!.questions))).toEqual(new Set(asked.vi));
  });

  it('refuses a language the site does not speak, in the reader’s words', async () => {
    const response = await a().get('/api/questions?first=vi,xx&lang=vi');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(translate('vi', 'validation.languageInvalid'));
  });
});
