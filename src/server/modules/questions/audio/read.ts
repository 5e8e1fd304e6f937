/** What the three container readers share: bounds-checked reads that give up with `Unreadable`. */

/** Thrown deep inside the readers; `audioDuration` turns it into `null`. */
export class Unreadable extends Error {}

export function check(condition: boolean): asserts condition {
  if (!condition) throw new Unreadable();
}

/** Reads an unsigned big-endian integer of up to 8 bytes; past 2^53 it is only approximate, which is enough. */
export function readUint(data: Buffer, start: number, length: number): number {
  check(length >= 0 && length <= 8 && start + length <= data.length);
  let value = 0;
  for (let i = 0; i < length; i += 1) value = value * 256 + data[start + i]!;
  return value;
}
