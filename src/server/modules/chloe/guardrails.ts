import { MARA_REGISTER_URL, type Locale } from '../../../shared/constants';
import { translate } from '../../../shared/i18n';
import { phrasePattern, plain } from '../../lib/text';
// Chloe's words are registered with the server's messages.
import '../../errors';

export { isCrisis } from './crisis';

/**
 * Chloe's rules, applied in code around every provider, so no prompt can switch them off: a person in crisis is
 * answered first with the numbers that help; a visa or legal question ends with the reminder that this is general
 * information and where registered migration agents are listed.
 */

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
