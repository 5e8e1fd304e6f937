import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evalFileSchema } from '../../../shared/schemas/knowledge';
import { projectPath } from '../../paths';
import { loadHelpContent } from '../../db/seed/help-content';
import { loadKnowledge } from '../../db/seed/knowledge';
import { documentTerms, editDistance, LexicalIndex, questionMode, questionUnits } from './lexical';
import { nearBest, rankArticles } from './retrieval';
import { questionWithSynonyms, sentences, synonyms } from './query';
import { buildSearchIndexes } from './search-index';

const terms = (text: string) =>
  questionUnits(text, questionMode(text)).map((unit) => unit.alternatives[0]!.term);

describe('the lexical ranker', () => {
  it('reads a question as English, Vietnamese, or Vietnamese typed without diacritics', () => {
    expect(questionMode('How do I get my bond back?')).toBe('en');
    expect(questionMode('Làm sao lấy lại tiền thế chân?')).toBe('vi');
    expect(questionMode('lam sao de xin ma so thue cho toi')).toBe('vi-plain');
  });

  it('reads a question in Chinese characters as Chinese and one in Devanagari as Nepali', () => {
    expect(questionMode('怎么申请税号？')).toBe('zh-Hans');
    expect(questionMode('मेरो TFN कसरी पाउने?')).toBe('ne');
  });

  it('matches Chinese by characters and by pairs of neighbouring characters, particles left out alone', () => {
    const units = terms('我的押金');
    expect(units).toEqual(expect.arrayContaining(['z:押', 'z:金', 'z:押_金', 'z:的_押']));
    // 我 and 的 say nothing of the topic on their own, and the pair of the two neither.
    expect(units).not.toContain('z:我');
    expect(units).not.toContain('z:我_的');
    // A word in Latin letters in a Chinese question is English: "TFN" meets the articles' English.
    expect(terms('怎么申请TFN')).toContain('e:tfn');
    const index = new LexicalIndex([
      { id: 'bond', fields: { body: documentTerms({ 'zh-Hans': '租房押金（bond）由政府机构保管。' }) } },
      { id: 'tax', fields: { body: documentTerms({ 'zh-Hans': '税号是你在税务系统里的个人编号。' }) } },
    ]);
    expect(index.rank(questionUnits('房东不退押金', 'zh-Hans'))[0]!.id).toBe('bond');
    expect(index.rank(questionUnits('怎么申请税号', 'zh-Hans'))[0]!.id).toBe('tax');
  });

  it('matches Nepali words without their postpositions and leaves out Nepali stop words', () => {
    // नेपालमा "in Nepal", कामको "of work": the same words as नेपाल and काम.
    expect(terms('नेपालमा कामको')).toEqual(expect.arrayContaining(['n:नेपाल', 'n:काम']));
    expect(terms('म कसरी')).toEqual([]);
    const index = new LexicalIndex([
      { id: 'bond', fields: { body: documentTerms({ ne: 'भाडाको धरौटी सरकारी निकायसँग रहन्छ।' }) } },
      { id: 'tax', fields: { body: documentTerms({ ne: 'कर फाइल नम्बर निःशुल्क हुन्छ।' }) } },
    ]);
    expect(index.rank(questionUnits('मेरो धरौटी फिर्ता भएन', 'ne'))[0]!.id).toBe('bond');
  });

  it('keeps Vietnamese diacritics, so rent (thuê) and tax (thuế) are different words', () => {
    expect(terms('thuê nhà')).toContain('v:thuê');
    expect(terms('mã số thuế')).toContain('v:thuế');
    expect(terms('thuê nhà')).not.toContain('v:thuế');
    const index = new LexicalIndex([
      { id: 'rent', fields: { body: documentTerms({ vi: 'Thuê nhà và hợp đồng thuê' }) } },
      { id: 'tax', fields: { body: documentTerms({ vi: 'Mã số thuế và khai thuế' }) } },
    ]);
    expect(index.rank(questionUnits('tôi muốn thuê nhà', 'vi'))[0]!.id).toBe('rent');
    expect(index.rank(questionUnits('xin mã số thuế', 'vi'))[0]!.id).toBe('tax');
  });

  it('matches text without diacritics only when the question has none', () => {
    const index = new LexicalIndex([{ id: 'tax', fields: { body: documentTerms({ vi: 'Mã số thuế' }) } }]);
    expect(index.rank(questionUnits('ma so thue', 'vi-plain'))[0]?.id).toBe('tax');
    // "ma" typed with diacritics elsewhere in a question is not matched against the plain text.
    expect(index.rank(questionUnits('ma so thue ở đâu', 'vi'))).toEqual([]);
  });

  it('makes pairs of Vietnamese syllables and of English words around stop words', () => {
    expect(terms('bị cắt ca làm')).toContain('v:cắt_ca');
    expect(terms('my boss cut my shifts')).toContain('e:cut_shift');
  });

  it('reads a word with an apostrophe as one word, and leaves out common words that say nothing of a topic', () => {
    expect(terms("I don't get paid")).toEqual(['e:paid']);
    expect(terms('Each time I back out of the garage')).toEqual([
      'e:time',
      'e:time_back',
      'e:back',
      'e:back_garag',
      'e:garag',
    ]);
    expect(terms('is that allowed')).toEqual([]);
  });

  it('forgives a typo word by word against the vocabulary, never against the whole message', () => {
    const index = new LexicalIndex(
      [
        { id: 'renting', fields: { body: documentTerms({ en: 'Renting a home and the rental bond' }) } },
        { id: 'transport', fields: { body: documentTerms({ en: 'Trains, trams and fares' }) } },
      ],
      ['renting', 'rental', 'bond', 'home', 'trains', 'trams', 'fares'],
    );
    expect(index.rank(index.forgiveTypos(questionUnits('rentng advice', 'en')))[0]?.id).toBe('renting');
    // Two letters off is too far for a short word ("farm" is not "fares"), and words under four letters are never
    // taken for others ("tram" is not "trams" because of a typo, it is its own word).
    expect(index.rank(index.forgiveTypos(questionUnits('farm work tracker', 'en')))).toEqual([]);
    // Only words of the index are candidates: a typo is never taken for a stop word.
    expect(index.forgiveTypos(questionUnits('thier', 'en'))[0]!.alternatives).toHaveLength(1);
    expect(editDistance('rentng', 'renting', 1)).toBe(1);
    expect(editDistance('bnod', 'bond', 1)).toBe(1);
  });

  it('adds what everyday wording means, from the synonym list in content/', () => {
    expect(synonyms().length).toBeGreaterThan(20);
    const added = questionWithSynonyms('my boss is not paying me').units.map(
      (unit) => unit.alternatives[0]!.term,
    );
    expect(added).toContain('e:employ');
    const vietnamese = questionWithSynonyms('tôi muốn cho thuê lại phòng').units.map(
      (u) => u.alternatives[0]!.term,
    );
    expect(vietnamese).toContain('e:sublet');
    const meant = (text: string) => questionWithSynonyms(text).units.map((u) => u.alternatives[0]!.term);
    // Chinese wherever it stands, a Latin word beside Chinese characters, a Nepali word with its postposition.
    expect(meant('房东不肯退押金')).toEqual(expect.arrayContaining(['e:landlord', 'e:bond']));
    expect(meant('老板说不用交super')).toEqual(expect.arrayContaining(['e:employ', 'e:superannu']));
    expect(meant('घरबेटीले धरौटी फिर्ता दिएन')).toEqual(expect.arrayContaining(['e:landlord', 'e:bond']));
  });
});

describe("Chloe's articles for questions as people write them", () => {
  const indexes = buildSearchIndexes(loadKnowledge(), loadHelpContent().services);
  const best = (text: string) => rankArticles(indexes, text).map((row) => row.id);

  it('finds the article for everyday English and Vietnamese questions', () => {
    expect(best('my boss keeps cutting my shifts, I am casual')[0]).toBe('casual-work');
    expect(best('the agent wants to keep my bond for cleaning')[0]).toBe('bond-and-cleaning');
    expect(best('Tôi muốn cho thuê lại phòng của mình được không?')[0]).toBe('subletting-and-boarders');
    expect(best('thuê nhà cần đóng tiền thế chân bao nhiêu')).toContain('renting-basics');
    expect(best('thuê nhà cần đóng tiền thế chân bao nhiêu')).not.toContain('tax-file-number');
    expect(best('xin mã số thuế ở đâu')[0]).toBe('tax-file-number');
  });

  it('finds the article for Chinese and Nepali questions, from its text in that language', () => {
    expect(best('怎么申请税号？')[0]).toBe('tax-file-number');
    expect(best('学生签证每两周可以打工多少小时')[0]).toBe('student-visa-work');
    expect(best('老板不给我发工资怎么办')).toContain('unpaid-wages');
    expect(best('कर फाइल नम्बर कसरी लिने?')[0]).toBe('tax-file-number');
    expect(best('मेरो घरधनीले धरौटी फिर्ता दिएन')[0]).toBe('bond-and-cleaning');
    expect(best('विद्यार्थी भिसामा हप्तामा कति घण्टा काम गर्न पाइन्छ?')[0]).toBe('student-visa-work');
  });

  it('finds nothing for an everyday Chinese question that shares a word and some characters with an article', () => {
    // "Where to take the children at the weekend", "which restaurant near school is good": a word (孩子, 学校) and
    // single characters, which count little, do not make a question about schools or children's citizenship.
    expect(best('周末带孩子去哪里玩好')).toEqual([]);
    expect(best('学校附近哪家餐厅好吃')).toEqual([]);
  });

  it('answers a question and its translation alike (the translated pairs of the tuning part)', () => {
    const { cases } = evalFileSchema.parse(
      JSON.parse(readFileSync(projectPath('content/knowledge/eval/tuning/pairs.json')!, 'utf8')),
    );
    const first = (question: string) => best(question)[0] ?? 'nothing';
    const unlike = cases
      .filter((item) => item.locale === 'en')
      .map((en) => [en, cases.find((vi) => vi.pair === en.pair && vi.locale === 'vi')!] as const)
      .filter(([en, vi]) => first(en.question) !== first(vi.question))
      .map(([en, vi]) => `${en.question} → ${first(en.question)}; ${vi.question} → ${first(vi.question)}`);
    expect(unlike).toEqual([]);
    // Losing a passport: the same article in both languages, never another topic's.
    expect(best('tôi bị mất hộ chiếu thì làm sao')[0]).toBe('lost-passport');
    expect(best('I lost my passport, what do I do?')[0]).toBe('lost-passport');
  });

  it('reads a long post as its sentences too: the question inside the story decides', () => {
    expect(sentences('First line. Second one!\nThird? And… fourth')).toEqual([
      'First line.',
      'Second one!',
      'Third?',
      'And…',
      'fourth',
    ]);
    const post =
      'I came to Melbourne last year with my wife and our two kids. We found a small flat near the station and ' +
      'the kids love their school. My wife works at a bakery on weekends. Last week someone stole my bag on the ' +
      'tram with my passport in it. What do I have to do now?';
    expect(questionWithSynonyms(post).windows?.length).toBe(4);
    expect(best(post)[0]).toBe('lost-passport');
  });

  it('puts first the article a question belongs to when it is asked again, capitals and punctuation aside', () => {
    const articles = loadKnowledge();
    const tfn = articles.find((article) => article.id === 'tax-file-number')!;
    const asked = 'Where should I buy a winter jacket?';
    expect(best(asked)).toEqual([]);
    const taught = buildSearchIndexes(
      articles.map((article) =>
        article === tfn
          ? { ...article, questions: { ...tfn.questions, en: [...(tfn.questions.en ?? []), asked] } }
          : article,
      ),
      [],
    );
    expect(rankArticles(taught, 'where should i buy a WINTER jacket')[0]?.id).toBe('tax-file-number');
  });

  it('finds nothing for questions it has no article on', () => {
    expect(best('What is the best way to cook a risotto?')).toEqual([]);
    expect(best('My hydrangeas have not flowered this year, what am I doing wrong?')).toEqual([]);
  });

  it('keeps only the items near the best score, above the minimum', () => {
    const rows = [
      { id: 'a', score: 3 },
      { id: 'b', score: 2.7 },
      { id: 'c', score: 1 },
    ];
    expect(nearBest(rows, 1.2, 0.8).map((row) => row.id)).toEqual(['a', 'b']);
    expect(nearBest(rows, 5, 0.8)).toEqual([]);
  });
});
