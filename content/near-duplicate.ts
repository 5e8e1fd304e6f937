/**
 * Whether two questions are the same question (a copy or a near-duplicate): the evaluation's test part must never
 * find its own questions in the articles (decision 053). Two questions are near-duplicates when one's words, in
 * order, hold the other's (six words or more), or when they share at least 60% of their words (Jaccard, words of
 * three letters or more; Chinese counts pairs of characters as its words).
 */
const HAN_RUN = /\p{Script=Han}+/gu;

/** Words with their vowel signs (Devanagari); Chinese, which has no spaces, as its pairs of neighbouring characters. */
function wordsOf(text: string): string[] {
  const normal = text.normalize('NFC').toLowerCase();
  const pairs = [...normal.matchAll(HAN_RUN)].flatMap(([run]) => {
    const chars = [...run];
    return chars.length === 1 ? chars : chars.slice(1).map((char, i) => `${chars[i]}${char}`);
  });
  const words =
    normal
      .replace(HAN_RUN, ' ')
      .replace(/(\p{L})['’](\p{L})/gu, '$1$2')
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return [...pairs, ...words];
}

const known = new Map<string, string[]>();
const wordsOnce = (text: string) => {
  let list = known.get(text);
  if (!list) known.set(text, (list = wordsOf(text)));
  return list;
};

export function nearDuplicate(a: string, b: string): boolean {
  const [x, y] = [wordsOnce(a), wordsOnce(b)];
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (short.length >= 6 && ` ${long.join(' ')} `.includes(` ${short.join(' ')} `)) return true;
  if (short.length < 6 && short.join(' ') === long.join(' ')) return true;
  const [setX, setY] = [x, y].map(
    (list) => new Set(list.filter((word) => word.length >= 3 || /\p{Script=Han}/u.test(word))),
  );
  const shared = [...setX!].filter((word) => setY!.has(word)).length;
  const union = new Set([...setX!, ...setY!]).size;
  return union > 0 && shared / union >= 0.6;
}
