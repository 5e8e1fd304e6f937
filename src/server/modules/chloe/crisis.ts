import { phrasePattern, plain } from '../../lib/text';

/**
 * Chloe's first rule (guardrails.ts): whether a message is from a person in crisis, who is answered first with the
 * numbers that help. Self-harm, suicide, violence, abuse and immediate danger, in each language as people write them.
 */

/** English, as whole words and phrases. */
const CRISIS_ENGLISH = phrasePattern([
  'suicide',
  'suicidal',
  'kill myself',
  'killing myself',
  'kill me',
  'end my life',
  'end it all',
  'take my own life',
  'want to die',
  'wants to die',
  'wanna die',
  'kill herself',
  'kill himself',
  'kill themselves',
  'end her life',
  'end his life',
  'end their life',
  "don't want to live",
  "doesn't want to live",
  'do not want to live',
  'does not want to live',
  "don't want to be alive",
  "doesn't want to be alive",
  "don't want to wake up",
  "doesn't want to wake up",
  'not want to wake up',
  'tired of living',
  'hurt herself',
  'hurt himself',
  'better off dead',
  'no reason to live',
  'self harm',
  'self-harm',
  'hurt myself',
  'hurting myself',
  'cut myself',
  'cutting myself',
  'overdose',
  'hits me',
  'hit me',
  'hitting me',
  'beats me',
  'beat me',
  'beating me',
  'abuse',
  'abused',
  'abusing me',
  'abusive',
  'rape',
  'raped',
  'sexual assault',
  'sexually assaulted',
  'domestic violence',
  'family violence',
  'threatened to kill',
  'threatening to kill',
  'going to kill',
  'in danger',
  'not safe at home',
  'unsafe at home',
  'afraid for my life',
  'scared for my life',
]);

/** Vietnamese with diacritics: matched on the text as typed. */
const CRISIS_VIETNAMESE = phrasePattern([
  'tự tử',
  'tự sát',
  'muốn chết',
  'tự làm hại',
  'tự làm đau',
  'không muốn sống',
  'không muốn thức dậy',
  'chán sống',
  'kết thúc cuộc đời',
  'kết liễu',
  'bị đánh',
  'đánh tôi',
  'đánh em',
  'bạo hành',
  'bạo lực gia đình',
  'hiếp dâm',
  'cưỡng hiếp',
  'xâm hại',
  'lạm dụng',
  'dọa giết',
  'đe dọa giết',
  'nguy hiểm đến tính mạng',
  'đang gặp nguy hiểm',
]);

/**
 * Vietnamese typed without diacritics: only phrases that cannot be everyday words ("tu tu" alone can also mean
 * "slowly", so it counts only after "muon").
 */
const CRISIS_VIETNAMESE_PLAIN = phrasePattern([
  'muon tu tu',
  'tu sat',
  'muon chet',
  'tu lam hai',
  'khong muon song',
  'chan song',
  'ket thuc cuoc doi',
  'bi danh dap',
  'bao hanh',
  'bao luc gia dinh',
  'hiep dam',
  'cuong hiep',
  'xam hai',
  'lam dung',
  'doa giet',
  'de doa giet',
]);

/**
 * Simplified Chinese: phrases, not a lone 死 ("dead"), which everyday speech uses for "very" (累死了, "dead tired").
 */
const CRISIS_CHINESE = phrasePattern([
  '自杀',
  '轻生',
  '想死',
  '不想活',
  '活不下去',
  '想不开',
  '结束一切',
  '遗书',
  '烧炭',
  '跳河',
  '割脉',
  '不想醒来',
  '结束生命',
  '结束自己的生命',
  '了结自己',
  '伤害自己',
  '自残',
  '割腕',
  '跳楼',
  '打我',
  '被打',
  '家暴',
  '家庭暴力',
  '虐待',
  '强奸',
  '性侵',
  '威胁要杀',
  '要杀了我',
  '有生命危险',
  '在家不安全',
]);

/** Nepali: a word from its start, so that its postpositions may follow ("आत्महत्याको"). */
const CRISIS_NEPALI = phrasePattern([
  'आत्महत्या',
  'मर्न मन',
  'मर्न चाहन्छु',
  'बाँच्न मन छैन',
  'बाँच्न मन लाग्दैन',
  'बाँच्न चाहन्न',
  'जीवन अन्त्य',
  'आफ्नो ज्यान लिन',
  'आफैलाई मार्न',
  'आफूलाई मार्न',
  'झुण्डिएर मर्न',
  'विष खान',
  'आफैलाई चोट',
  'आफैंलाई चोट',
  'आफूलाई चोट',
  'मलाई कुट्छ',
  'कुटपिट',
  'घरेलु हिंसा',
  'बलात्कार',
  'यौन दुर्व्यवहार',
  'यौन हिंसा',
  'मार्ने धम्की',
  'ज्यान खतरामा',
  'घरमा सुरक्षित छैन',
]);

export function isCrisis(message: string): boolean {
  return (
    CRISIS_ENGLISH.test(message) ||
    CRISIS_VIETNAMESE.test(message) ||
    CRISIS_VIETNAMESE_PLAIN.test(plain(message)) ||
    CRISIS_CHINESE.test(message) ||
    CRISIS_NEPALI.test(message)
  );
}
