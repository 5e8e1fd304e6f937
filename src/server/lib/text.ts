import { scriptLocale, type Locale } from '../../shared/languages';

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
  const words = text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => word.length > 1 && !STOP_WORDS.has(plain(word))))].slice(0, 30);
}

export const VIETNAMESE_LETTERS = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/i;
const VIETNAMESE_WORDS = new Set(
  (
    'toi ban khong duoc cua nhu the nao lam sao gi o dau bao nhieu can muon hoi giup xin chao cam on va la co em ' +
    'anh chi minh thi nhe nha cho tien viec thue hoc sinh di roi vay oi voi khi nay de'
  ).split(' '),
);

/**
 * The language of a message: the one its script says (Chinese characters, Devanagari); Vietnamese when it has
 * Vietnamese letters, or several common Vietnamese words typed
 * without diacritics ("toi can lam the nao"); otherwise the fallback (the language of the page).
 */
export function messageLocale(text: string, fallback: Locale): Locale {
  const script = scriptLocale(text);
  if (script) return script;
  if (VIETNAMESE_LETTERS.test(text)) return 'vi';
  const words = plain(text).match(/[a-z]+/g) ?? [];
  const vietnamese = words.filter((word) => VIETNAMESE_WORDS.has(word)).length;
  if (words.length > 0 && vietnamese >= 2 && vietnamese / words.length >= 0.3) return 'vi';
  if (words.length >= 3 && vietnamese / words.length < 0.15) return 'en';
  return fallback;
}

/**
 * Whole-word (or whole-phrase) matching: "killed" never matches inside "skilled". An apostrophe may be curly, as
 * phones type it, or left out ("dont").
 */
export function phrasePattern(phrases: string[]): RegExp {
  const escaped = phrases.map((phrase) =>
    phrase
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\s+/g, '\\s+')
      .replace(/'/g, "['’]?"),
  );
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
}

/** A timestamp from the database (a Date, or text from a raw query) as the API writes it. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
