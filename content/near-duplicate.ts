/**
 * Whether two questions are the same question (a copy or a near-duplicate): the evaluation's test part must never
 * find its own questions in the articles (decision 053). Two questions are near-duplicates when one's words, in
 * order, hold the other's (six words or more), or when they share at least 60% of their words (Jaccard, words of
 * three letters or more).
 */
const wordsOf = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/(\p{L})['’](\p{L})/gu, '$1$2')
    .match(/[\p{L}\p{N}]+/gu) ?? [];

export function nearDuplicate(a: string, b: string): boolean {
  const [x, y] = [wordsOf(a), wordsOf(b)];
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (short.length >= 6 && ` ${long.join(' ')} `.includes(` ${short.join(' ')} `)) return true;
  if (short.length < 6 && short.join(' ') === long.join(' ')) return true;
  const [setX, setY] = [x, y].map((list) => new Set(list.filter((word) => word.length >= 3)));
  const shared = [...setX!].filter((word) => setY!.has(word)).length;
  const union = new Set([...setX!, ...setY!]).size;
  return union > 0 && shared / union >= 0.6;
}
