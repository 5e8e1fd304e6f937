import { detectAll } from 'tinyld';
import { LANGUAGES, scriptLocale, type Locale } from '../../shared/languages';

/** Lower case without diacritics: "Mã số thuế" → "ma so thue" (đ becomes d). */
export function plain(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd');
}

/** Words that say nothing about the topic, in English and in Vietnamese without diacritics. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can could do does did for from get got have how i if in into is it its me my ' +
    'of on or our should so that the their them there this to was we what when where which who why will with ' +
    'would you your im need want please help hi hello thanks thank about any some much many just like know ' +
    'toi ban la cua va co khong duoc cho o mot nhung cac the nao gi lam can thi nay do de voi khi ve trong ' +
    'neu hay nhu di den da se dang minh em anh chi oi nhe vay sao phai muon biet giup xin chao cam on hoi ai'
  ).split(' '),
);

/** The words of a message worth searching for, at most 30, each once. */
export function searchWords(text: string): string[] {
  // Chinese, which has no spaces, as the questions' search index holds it: by its pairs of characters.
  const words = [
    ...(text
      .toLowerCase()
      .replace(CHINESE_RUN, ' ')
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []),
    ...hanPairs(text),
  ];
  return [...new Set(words.filter((word) => word.length > 1 && !STOP_WORDS.has(plain(word))))].slice(0, 30);
}

export const VIETNAMESE_LETTERS = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/i;

/** Common Vietnamese words as phones type them without diacritics, which the detector's Vietnamese lacks. */
const VIETNAMESE_WORDS = new Set(
  (
    'toi ban khong duoc cua nhu the nao lam sao gi o dau bao nhieu can muon hoi giup xin chao cam on va la co em ' +
    'anh chi minh thi nhe nha cho tien viec thue hoc sinh di roi vay oi voi khi nay de'
  ).split(' '),
);

/** Several of its words, and a good part of them, are common Vietnamese words typed without diacritics. */
function vietnameseWithoutDiacritics(text: string): boolean {
  const words = plain(text).match(/[a-z]+/g) ?? [];
  const vietnamese = words.filter((word) => VIETNAMESE_WORDS.has(word)).length;
  return vietnamese >= 2 && vietnamese / words.length >= 0.3;
}

/** The Latin-script languages of the list, by the detector's codes. */
const LATIN_BY_DETECTOR = new Map<string, Locale>(
  LANGUAGES.filter((entry) => entry.script === 'Latn').map((entry) => [entry.detectAs, entry.code]),
);
/** The runner-up's accuracy, as a share of the winner's, above which the detector is not sure. */
const NOT_SURE = 0.9;

/**
 * The language of a message or post: the one its script says (Chinese characters, Devanagari); Vietnamese when it
 * has Vietnamese letters, or common Vietnamese words typed without them ("toi can lam the nao"); otherwise tinyld's
 * choice among the list's Latin-script languages, and the fallback (the language of the page) when it has none or
 * the choice is too close.
 */
export function messageLocale(text: string, fallback: Locale): Locale {
  const script = scriptLocale(text);
  if (script) return script;
  if (VIETNAMESE_LETTERS.test(text) || vietnameseWithoutDiacritics(text)) return 'vi';
  const [first, second] = detectAll(text, { only: [...LATIN_BY_DETECTOR.keys()] });
  if (!first || (second && second.accuracy > first.accuracy * NOT_SURE)) return fallback;
  return LATIN_BY_DETECTOR.get(first.lang) ?? fallback;
}

/** A letter of Chinese characters, or of Devanagari (Nepali). */
export const HAN = /\p{Script=Han}/u;
export const DEVANAGARI = /\p{Script=Devanagari}/u;

/** A run of Chinese characters, as migration 0029 reads them (the CJK Unified Ideographs). */
const CHINESE_RUN = /[一-鿿]+/gu;

/**
 * Chinese as the questions' search finds it (`mentorme_han_pairs`, migration 0029): each pair of neighbouring
 * characters of each run of them, or the character of a run of one. "申请税号" → 申请 请税 税号.
 */
export function hanPairs(text: string): string[] {
  return [...text.normalize('NFC').matchAll(CHINESE_RUN)].flatMap(([run]) => {
    const characters = [...run];
    return characters.length === 1 ? characters : characters.slice(1).map((c, i) => characters[i]! + c);
  });
}

/**
 * Whole-word (or whole-phrase) matching: "killed" never matches inside "skilled", and a word in Latin letters stands
 * on its own beside Chinese characters ("交super"). An apostrophe may be curly, as phones type it, or left out
 * ("dont"). Chinese, written without spaces, is found wherever it stands ("不想活" in "我不想活了"); a Nepali word
 * from its start, since its postpositions join its end ("घरबेटी" in "घरबेटीले").
 */
export function phrasePattern(phrases: string[]): RegExp {
  const escaped = phrases.map((phrase) => {
    const body = phrase
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\s+/g, '\\s+')
      .replace(/'/g, "['’]?");
    if (HAN.test(phrase)) return body;
    if (DEVANAGARI.test(phrase)) return `(?<!\\p{Script=Devanagari})${body}`;
    return `(?<![\\p{Script=Latin}\\p{N}])${body}(?![\\p{Script=Latin}\\p{N}])`;
  });
  return new RegExp(`(?:${escaped.join('|')})`, 'iu');
}

/** A timestamp from the database (a Date, or text from a raw query) as the API writes it. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
