import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { audioDuration, oggChecksum, type AudioContainer } from '.';
import { chromeWebmEndingAt, paddedMp4, voiceFixture as fixture } from '../voice-notes.test-helpers';

const FIXTURES: [name: string, container: AudioContainer, seconds: number][] = [
  ['voice-3s-chrome.webm', 'audio/webm', 3],
  ['voice-3s-chrome.mp4', 'audio/mp4', 3],
  ['voice-125s-chrome.webm', 'audio/webm', 125],
  ['voice-3s.webm', 'audio/webm', 3],
  ['voice-3s.ogg', 'audio/ogg', 3],
  ['voice-125s.ogg', 'audio/ogg', 125],
  ['voice-3s-vorbis.ogg', 'audio/ogg', 3],
  ['voice-3s.m4a', 'audio/mp4', 3],
  ['voice-125s.m4a', 'audio/mp4', 125],
  ['voice-3s-fragmented.mp4', 'audio/mp4', 3],
  ['voice-125s-fragmented.mp4', 'audio/mp4', 125],
];

/** Offset of the first box of this type anywhere in an MP4 (its content starts 8 bytes later). */
function boxOffset(data: Buffer, type: string): number {
  const at = data.indexOf(type, 0, 'latin1') - 4;
  expect(at).toBeGreaterThanOrEqual(0);
  return at;
}

describe('audioDuration', () => {
  it.each(FIXTURES)('measures %s (%s) as %d s', (name, container, seconds) => {
    const measured = audioDuration(fixture(name), container);
    expect(measured).not.toBeNull();
    // Encoders add a few milliseconds of priming and padding.
    expect(Math.abs(measured! - seconds)).toBeLessThan(0.2);
  });

  it("measures Chrome's WebM, which has no Duration element, from its clusters and blocks", () => {
    for (const [name, seconds] of [
      ['voice-3s-chrome.webm', 2.9],
      ['voice-125s-chrome.webm', 124.9],
    ] as const) {
      const data = fixture(name);
      const info = data.indexOf(Buffer.from([0x15, 0x49, 0xa9, 0x66]));
      const infoSize = data[info + 4]! & 0x7f; // a one-byte size
      expect(data.subarray(info + 5, info + 5 + infoSize).includes(Buffer.from([0x44, 0x89])), name).toBe(
        false,
      );
      const unknownSizeCluster = Buffer.from([
        0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
      ]);
      expect(data.includes(unknownSizeCluster), name).toBe(true);
      expect(audioDuration(data, 'audio/webm'), name).toBeGreaterThan(seconds);
    }
  });

  it('reads the time of the last cluster, to the millisecond', () => {
    expect(audioDuration(chromeWebmEndingAt(120_500), 'audio/webm')).toBe(120.5);
  });

  it("counts a block's own duration and refuses blocks of undeclared tracks", () => {
    const data = fixture('voice-3s-chrome.webm');
    // Appended to the last cluster (of unknown size): a BlockGroup with a Block of track 1 at the cluster's
    // timecode, and a BlockDuration of 200,000 ticks (200 s at the usual 1 ms per tick).
    const group = Buffer.from([0xa0, 0x8b, 0xa1, 0x84, 0x81, 0, 0, 0, 0x9b, 0x83, 0x03, 0x0d, 0x40]);
    expect(audioDuration(Buffer.concat([data, group]), 'audio/webm')).toBeGreaterThan(200);
    const otherTrack = Buffer.from(group);
    otherTrack[4] = 0x82;
    expect(audioDuration(Buffer.concat([data, otherTrack]), 'audio/webm')).toBeNull();
  });

  it('refuses a second WebM file appended to the first', () => {
    const data = fixture('voice-3s-chrome.webm');
    expect(audioDuration(Buffer.concat([data, fixture('voice-3s.webm')]), 'audio/webm')).toBeNull();
  });

  // How quickly is measured by `BENCH_ONLY=audio npm run bench` (bench/audio.ts).
  it('reads 3 MB of tiny blocks', () => {
    const data = fixture('voice-3s-chrome.webm');
    const block = Buffer.from([0xa3, 0x84, 0x81, 0x00, 0x10, 0x80]);
    const crowded = Buffer.concat([data, ...Array.from({ length: 500_000 }, () => block)]);
    expect(audioDuration(crowded, 'audio/webm')).toBe(audioDuration(data, 'audio/webm'));
  });

  it('is not fooled by an MP4 whose headers declare a shorter duration than its samples', () => {
    const data = Buffer.from(fixture('voice-125s.m4a'));
    for (const type of ['mvhd', 'mdhd', 'tkhd']) {
      const content = boxOffset(data, type) + 8;
      data.writeUInt32BE(1, content + (type === 'tkhd' ? 20 : 16)); // version 0: duration after the timescale
    }
    expect(audioDuration(data, 'audio/mp4')).toBeGreaterThan(124);
  });

  it('is not fooled by an Ogg stream whose last page claims an earlier position', () => {
    const data = Buffer.from(fixture('voice-125s.ogg'));
    const lastPage = data.lastIndexOf('OggS', undefined, 'latin1');
    data.writeBigInt64LE(48_000n, lastPage + 6);
    // With the old checksum the page is damaged and refused; with a correct one the earlier pages still count.
    expect(audioDuration(data, 'audio/ogg')).toBeNull();
    data.writeUInt32LE(oggChecksum(data.subarray(lastPage)), lastPage + 22);
    expect(audioDuration(data, 'audio/ogg')).toBeGreaterThan(120);
  });

  it('refuses files cut inside an element, page or box', () => {
    for (const [name, container] of FIXTURES) {
      const data = fixture(name);
      expect(audioDuration(data.subarray(0, data.length - 7), container), name).toBeNull();
      expect(audioDuration(data.subarray(0, Math.floor(data.length / 2)), container), name).toBeNull();
    }
  });

  it('refuses bytes after the end of the file and damaged Ogg pages', () => {
    for (const [name, container] of FIXTURES) {
      const extra = Buffer.concat([fixture(name), Buffer.from('trailing junk')]);
      expect(audioDuration(extra, container), name).toBeNull();
    }
    const damaged = Buffer.from(fixture('voice-3s.ogg'));
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 10) ^ 0xff, damaged.length - 10);
    expect(audioDuration(damaged, 'audio/ogg')).toBeNull();
  });

  it('refuses a magic number followed by noise, empty files, and a container of another kind', () => {
    const noise = Buffer.alloc(4096, 0x5a);
    expect(
      audioDuration(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), noise]), 'audio/webm'),
    ).toBeNull();
    expect(audioDuration(Buffer.concat([Buffer.from('OggS'), noise]), 'audio/ogg')).toBeNull();
    expect(audioDuration(Buffer.concat([Buffer.from('\0\0\0\x14ftypisom'), noise]), 'audio/mp4')).toBeNull();
    expect(audioDuration(Buffer.alloc(0), 'audio/webm')).toBeNull();
    expect(audioDuration(fixture('voice-3s.ogg'), 'audio/mp4')).toBeNull();
    expect(audioDuration(fixture('voice-3s.m4a'), 'audio/webm')).toBeNull();
  });

  it('refuses an MP4 without an audio track or without media data', () => {
    const noSound = Buffer.from(fixture('voice-3s.m4a'));
    noSound.write('vide', boxOffset(noSound, 'hdlr') + 16, 'latin1');
    expect(audioDuration(noSound, 'audio/mp4')).toBeNull();
    const noMedia = Buffer.from(fixture('voice-3s.m4a'));
    noMedia.write('free', boxOffset(noMedia, 'mdat') + 4, 'latin1');
    expect(audioDuration(noMedia, 'audio/mp4')).toBeNull();
  });

  it('accepts padding an MP4 may carry (a free box)', () => {
    const data = fixture('voice-3s.m4a');
    expect(audioDuration(paddedMp4(data, 100_000), 'audio/mp4')).toBe(audioDuration(data, 'audio/mp4'));
  });

  it('never throws on damaged files: it answers a duration or null', () => {
    const sources = FIXTURES.map(([name, container]) => ({ data: fixture(name), container }));
    fc.assert(
      fc.property(
        fc.nat(sources.length - 1),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        fc.option(fc.nat()),
        (which, changes, cut) => {
          const { data: original, container } = sources[which]!;
          const data = Buffer.from(original);
          for (const [at, value] of changes) data[at % data.length] = value;
          const seconds = audioDuration(cut === null ? data : data.subarray(0, cut % data.length), container);
          return seconds === null || (Number.isFinite(seconds) && seconds >= 0);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
