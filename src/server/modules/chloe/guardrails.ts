import { MARA_REGISTER_URL, type Locale } from '../../../shared/constants';
import { translate } from '../../../shared/i18n';
import { phrasePattern, plain } from '../../lib/text';
// Chloe's words are registered with the server's messages.
import '../../errors';

/**
 * Chloe's rules, applied in code around every provider, so no prompt can switch them off: a person in crisis is
 * answered first with the numbers that help; a visa or legal question ends with the reminder that this is general
 * information and where registered migration agents are listed.
 */

/** Self-harm, suicide, violence, abuse and immediate danger, as whole words and phrases. */
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

const VISA_OR_LEGAL = phrasePattern([
  'visa',
  'visas',
  'subclass',
  'immi',
  'immiaccount',
  'immigration',
  'migration',
  'migrate',
  'permanent residency',
  'permanent resident',
  'pr',
  'citizenship',
  'citizen',
  'deport',
  'deported',
  'deportation',
  'bridging',
  'sponsor',
  'sponsorship',
  'skills assessment',
  'lawyer',
  'solicitor',
  'legal',
  'court',
  'tribunal',
  'appeal',
  'sue',
  'police',
  'charged',
  'thị thực',
  'di trú',
  'định cư',
  'thường trú',
  'quốc tịch',
  'bảo lãnh',
  'trục xuất',
  'luật sư',
  'pháp lý',
  'tòa án',
  'kháng cáo',
  '签证',
  '移民',
  '永居',
  '永久居留',
  '入籍',
  '公民',
  '遣返',
  '驱逐出境',
  '担保',
  '职业评估',
  '律师',
  '法律',
  '法院',
  '上诉',
  '警察',
  'भिसा',
  'अध्यागमन',
  'आप्रवासन',
  'स्थायी बसोबास',
  'नागरिकता',
  'निर्वासन',
  'स्पोन्सर',
  'सीप मूल्याङ्कन',
  'वकिल',
  'कानुनी',
  'कानूनी',
  'अदालत',
  'पुनरावेदन',
  'प्रहरी',
]);
const VISA_OR_LEGAL_PLAIN = phrasePattern([
  'thi thuc',
  'di tru',
  'dinh cu',
  'thuong tru',
  'quoc tich',
  'bao lanh',
  'truc xuat',
  'luat su',
  'phap ly',
  'toa an',
  'khang cao',
]);
/** Visa subclasses people name by number: 482, 485, 500, 189 and so on. */
const SUBCLASS_NUMBER = /(?<!\d)(?:1[0-9]{2}|4[0-9]{2}|5[0-9]{2}|8[0-9]{2})(?!\d)/;

export function isVisaOrLegal(message: string): boolean {
  return (
    VISA_OR_LEGAL.test(message) ||
    VISA_OR_LEGAL_PLAIN.test(plain(message)) ||
    (SUBCLASS_NUMBER.test(message) && /visa|thị thực|thi thuc|签证|भिसा/i.test(message))
  );
}

export function crisisText(locale: Locale): string {
  return translate(locale, 'chloe.crisis');
}

export function disclaimerText(locale: Locale): string {
  return translate(locale, 'chloe.notAdvice', { registerUrl: MARA_REGISTER_URL });
}
