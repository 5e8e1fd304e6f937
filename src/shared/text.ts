/**
 * The start of a long text, for a list or card that shows a few lines of it: at most `max` characters and an
 * ellipsis. It ends after a whole word, unless that would leave less than half of `max` (a long address or a
 * word typed without spaces), when it is cut at `max` instead.
 */
export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  // One character past the limit is looked at too: whitespace there means the last word fits whole.
  const boundary = text.slice(0, max + 1).search(/\s\S*$/);
  let end = boundary > max / 2 ? boundary : max;
  // Never half of an emoji or another character outside the Basic Multilingual Plane.
  if (end === max && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}
