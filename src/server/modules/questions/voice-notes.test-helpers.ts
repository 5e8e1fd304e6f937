import { readFileSync } from 'node:fs';

/** Real recordings made by fixtures/make-fixtures.sh: tones of 3 s and silences of 125 s. */
export function voiceFixture(name: string): Buffer {
  return readFileSync(new URL(`fixtures/${name}`, import.meta.url));
}

/** An MP4 grown to `bytes` with a free box at the end, which players skip. */
export function paddedMp4(mp4: Buffer, bytes: number): Buffer {
  const free = Buffer.alloc(bytes - mp4.length);
  free.writeUInt32BE(free.length, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([mp4, free]);
}

/**
 * Chrome's 3-second WebM with one more cluster, of unknown size like Chrome's, holding one block at `ms`: a
 * recording whose last sound starts then.
 */
export function chromeWebmEndingAt(ms: number): Buffer {
  const cluster = Buffer.from([
    ...[0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
    ...[0xe7, 0x83, (ms >> 16) & 0xff, (ms >> 8) & 0xff, ms & 0xff], // Timecode
    ...[0xa3, 0x84, 0x81, 0x00, 0x00, 0x80], // SimpleBlock: track 1, offset 0, a keyframe
  ]);
  return Buffer.concat([voiceFixture('voice-3s-chrome.webm'), cluster]);
}
