/** Ogg (RFC 3533), with Opus (RFC 7845) or Vorbis: how long a recording plays. */
import { check } from './read';

const OGG_CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let i = 0; i < 256; i += 1) {
    let crc = i << 24;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    table[i] = crc;
  }
  return table;
})();

/** The CRC-32 of one whole Ogg page, counting its own checksum field (bytes 22 to 25) as zeros. */
export function oggChecksum(page: Buffer): number {
  const table = OGG_CRC_TABLE;
  let crc = 0;
  for (let i = 0; i < page.length; i += 1) {
    const byte = i < 22 || i > 25 ? page[i]! : 0;
    crc = (crc << 8) ^ table[((crc >>> 24) ^ byte) & 0xff]!;
  }
  return crc >>> 0;
}

const OGG_FIRST_PAGE = 0x02;

export function oggSeconds(data: Buffer): number | null {
  let pos = 0;
  let serial: number | null = null;
  let sampleRate = 0;
  let preSkip = 0;
  let lastGranule = -1;
  while (pos < data.length) {
    check(pos + 27 <= data.length && data.toString('latin1', pos, pos + 4) === 'OggS' && data[pos + 4] === 0);
    const flags = data[pos + 5]!;
    const granule = data.readBigInt64LE(pos + 6);
    const pageSerial = data.readUInt32LE(pos + 14);
    const segments = data[pos + 26]!;
    const bodyStart = pos + 27 + segments;
    check(bodyStart <= data.length);
    let bodyLength = 0;
    for (let i = 0; i < segments; i += 1) bodyLength += data[pos + 27 + i]!;
    const end = bodyStart + bodyLength;
    check(end <= data.length);
    check(oggChecksum(data.subarray(pos, end)) === data.readUInt32LE(pos + 22));

    if (serial === null) {
      check((flags & OGG_FIRST_PAGE) !== 0);
      serial = pageSerial;
      const head = data.subarray(bodyStart, end);
      if (head.length >= 19 && head.toString('latin1', 0, 8) === 'OpusHead') {
        sampleRate = 48_000; // Opus granules always count 48 kHz samples, whatever the input rate was.
        preSkip = head.readUInt16LE(10);
      } else if (head.length >= 30 && head.toString('latin1', 0, 7) === '\x01vorbis') {
        sampleRate = head.readUInt32LE(12);
      } else {
        return null;
      }
    } else {
      // One audio stream only: a second (chained or multiplexed) stream would carry audio we do not measure.
      check(pageSerial === serial);
    }
    // -1 marks a page on which no packet ends.
    if (granule !== -1n) {
      check(granule >= 0n);
      lastGranule = Math.max(lastGranule, Number(granule));
    }
    pos = end;
  }
  check(sampleRate > 0 && lastGranule > 0);
  return Math.max(0, lastGranule - preSkip) / sampleRate;
}
