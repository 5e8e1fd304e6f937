import { describe, expect, it } from 'vitest';
import { LOCALES, MARA_REGISTER_URL } from '../../../shared/constants';
import { crisisText, disclaimerText, isCrisis, isVisaOrLegal } from './guardrails';
import { pieces } from './providers';
import { mentionedState } from './local-first';
import { messageLocale, plain, searchWords } from '../../lib/text';

describe('crisis detection', () => {
  it.each([
    'I want to kill myself',
    'i am thinking about suicide',
    'I feel suicidal tonight',
    'I just want to die',
    'my partner hits me every week',
    'He threatened to kill me if I tell anyone',
    'I was raped last year',
    'I am not safe at home',
    "My friend just messaged me that she doesn't want to live anymore",
    "she is tired of everything and doesn't want to wake up tomorrow",
    'I think my brother wants to kill himself',
    'i dont want to live like this',
    'I don’t want to live anymore',
    'bạn tôi nói là chán sống rồi',
    'how do I stop self-harm',
    'tôi muốn tự tử',
    'Tôi không muốn sống nữa',
    'chồng tôi bạo hành tôi',
    'toi muon tu tu',
    'em bi bao luc gia dinh',
    'Tôi đang gặp nguy hiểm',
    '我不想活了',
    '我朋友刚发消息说她想自杀',
    '我老公经常打我，我在家不安全',
    'मलाई बाँच्न मन छैन',
    '最近压力很大，我真的想不开了',
    'म आफैलाई मार्न चाहन्छु',
    'मेरो साथीले आत्महत्याको कुरा गर्दैछ',
    'श्रीमान्ले मलाई कुट्छ, यो घरेलु हिंसा हो?',
  ])('recognises "%s"', (message) => {
    expect(isCrisis(message)).toBe(true);
  });

  it.each([
    'Which skilled visa lists my occupation?',
    'We need a killer app for finding rentals',
    'The deadline for my assignment is tomorrow',
    'How do I get my bond back?',
    'Is dying my hair allowed at work?',
    'I found a dead battery in my car',
    'từ từ thôi, mình chưa hiểu',
    'làm sao để mở tài khoản ngân hàng',
    '今天上班累死了，怎么申请税号？',
    '房东不肯退押金怎么办',
    'म नेपालमा मरेको ब्याट्री किन्न चाहन्छु',
    'घरबेटीले धरौटी फिर्ता दिँदैन',
  ])('does not flag "%s"', (message) => {
    expect(isCrisis(message)).toBe(false);
  });

  it('gives the crisis numbers in every language as phone links', () => {
    for (const locale of LOCALES) {
      const text = crisisText(locale);
      for (const link of ['tel:000', 'tel:131114', 'tel:1800737732', 'tel:131450'])
        expect(text).toContain(link);
    }
  });
});

describe('visa and legal questions', () => {
  it.each([
    'Can I work more hours on my student visa?',
    'how to get PR after graduating',
    'Do I need a lawyer for my tenancy tribunal hearing?',
    'what is the 485 visa',
    'Tôi muốn hỏi về thị thực làm việc',
    'lam sao de co thuong tru',
    '学生签证每两周可以打工多少小时？',
    '毕业后怎么申请 PR',
    'विद्यार्थी भिसामा कति घण्टा काम गर्न पाइन्छ?',
    'नागरिकताको लागि कहिले आवेदन दिन सकिन्छ?',
    'मेरो 485 visa कहिले सकिन्छ',
  ])('recognises "%s"', (message) => {
    expect(isVisaOrLegal(message)).toBe(true);
  });

  it.each([
    'How do I open a bank account?',
    'Where can I buy a SIM card?',
    'tìm việc làm thêm ở đâu',
    '在哪里买电话卡',
    'बैंक खाता कसरी खोल्ने?',
  ])('leaves "%s" alone', (message) => {
    expect(isVisaOrLegal(message)).toBe(false);
  });

  it('ends with the register of migration agents in every language', () => {
    expect(disclaimerText('en')).toContain('not migration or legal advice');
    for (const locale of LOCALES) expect(disclaimerText(locale)).toContain(MARA_REGISTER_URL);
  });
});

describe('text', () => {
  it('detects the language of a message, with or without diacritics', () => {
    expect(messageLocale('Làm sao để xin mã số thuế?', 'en')).toBe('vi');
    expect(messageLocale('toi can lam the nao de xin ma so thue', 'en')).toBe('vi');
    expect(messageLocale('How do I apply for a tax file number?', 'vi')).toBe('en');
    expect(messageLocale('TFN?', 'vi')).toBe('vi');
    // Short English the word list cannot judge goes to the detector, and is English whatever the page.
    expect(messageLocale('How do I get my bond back?', 'vi')).toBe('en');
    expect(messageLocale('lam sao de xin visa lam viec', 'en')).toBe('vi');
    expect(messageLocale('我怎么申请税号？', 'en')).toBe('zh-Hans');
    expect(messageLocale('मलाई कर फाइल नम्बर कसरी पाउने?', 'vi')).toBe('ne');
  });

  it('drops diacritics and words that say nothing', () => {
    expect(plain('Mã số thuế Đà Nẵng')).toBe('ma so thue da nang');
    expect(searchWords('How do I get a tax file number?')).toEqual(['tax', 'file', 'number']);
    expect(searchWords("'; drop table users; --")).toEqual(['drop', 'table', 'users']);
  });

  it('splits an answer into pieces that join back to the same text', () => {
    const text = 'Chloe answers from official sources. '.repeat(20);
    const parts = pieces(text);
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.join('')).toBe(text);
  });
});

describe('the state a message names', () => {
  it.each([
    ['free legal help in Perth', 'WA'],
    ['I live in NSW', 'NSW'],
    ['renting in Tây Úc', 'WA'],
    ['moving to Canberra', 'ACT'],
    ['Alice Springs doctor', 'NT'],
    ['My landlord in Footscray kept my bond', 'VIC'],
    ['moved to Glen Waverley last month', 'VIC'],
    ['bị chủ nhà ở Cabramatta giữ tiền bond', 'NSW'],
  ])('"%s" is %s', (message, state) => {
    expect(mentionedState(message)).toBe(state);
  });

  it.each(['what does the act say', 'toi bi sa thai', 'was it paid', 'how much tax', 'I rent in Richmond'])(
    '"%s" names none',
    (message) => {
      expect(mentionedState(message)).toBeUndefined();
    },
  );
});
