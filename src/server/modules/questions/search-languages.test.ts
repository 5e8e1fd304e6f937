import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';
import { hanPairs } from '../../lib/text';
import { seedCategories } from './categories';
import { api, createUser, ids, insertQuestions, RELAXED_LIMITS } from './questions.test-helpers';

describe('searching the questions in Chinese and Nepali', () => {
  const l = useTestApp(RELAXED_LIMITS);
  const search = async (q: string) => ids((await api(l.app).list({ q, limit: 50 })).questions);
  const named: Record<'tfn' | 'bond' | 'visa', string> = { tfn: '', bond: '', visa: '' };

  beforeAll(async () => {
    await seedCategories(l.db);
    const writer = await createUser(l.db, { displayName: 'Search Writer' });
    const [tfn, bond, visa] = await insertQuestions(l.db, [
      {
        authorId: writer.id,
        title: '刚到澳洲，怎么申请税号？',
        content: '我是留学生，下周开始打工，老板要我的TFN。',
        category: 'work-career',
      },
      {
        authorId: writer.id,
        title: '房东不肯退押金',
        content: '退租的时候已经打扫干净了。',
        category: 'housing',
      },
      {
        authorId: writer.id,
        title: 'विद्यार्थी भिसामा कति घण्टा काम गर्न पाइन्छ?',
        content: 'म सिड्नीमा पढ्छु र रेस्टुरेन्टमा काम गर्छु।',
        category: 'immigration-help',
      },
    ]).then((rows) => rows.map((row) => row.id));
    Object.assign(named, { tfn, bond, visa });
  });

  it('finds a Chinese word inside a sentence, by its pairs of characters', async () => {
    expect(hanPairs('申请税号 TFN')).toEqual(['申请', '请税', '税号']);
    expect(await search('税号')).toEqual([named.tfn]);
    expect(await search('申请税号')).toEqual([named.tfn]);
    expect(await search('押金')).toEqual([named.bond]);
    // Every pair must be there: 税 and 押 are in the two questions, 税押 in neither.
    expect(await search('税押')).toEqual([]);
    expect(await search('TFN')).toEqual([named.tfn]);
  });

  it('finds a Nepali word as it is written', async () => {
    expect(await search('विद्यार्थी')).toEqual([named.visa]);
    expect(await search('रेस्टुरेन्टमा')).toEqual([named.visa]);
  });
});
