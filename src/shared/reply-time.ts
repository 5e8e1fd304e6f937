/** Fewer replied conversations than this (in the last 90 days) say too little to show a reply time. */
export const REPLY_TIME_MIN_CONVERSATIONS = 5;

/**
 * How a reply time reads on a card: within an hour, within N hours (up to 6), within a day, or within a few days.
 * The words are "Usually replies within …" in the reader's language.
 */
export function replyTimeBucket(
  minutes: number,
): { kind: 'hour' } | { kind: 'hours'; hours: number } | { kind: 'day' } | { kind: 'days' } {
  if (minutes <= 60) return { kind: 'hour' };
  if (minutes <= 6 * 60) return { kind: 'hours', hours: Math.ceil(minutes / 60) };
  if (minutes <= 24 * 60) return { kind: 'day' };
  return { kind: 'days' };
}
