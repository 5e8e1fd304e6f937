/** WebM (Matroska / EBML): how long a recording plays. */
import { check, readUint } from './read';

const EBML = {
  header: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  defaultDuration: 0x23e383,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
  cues: 0x1c53bb6b,
  chapters: 0x1043a770,
  tags: 0x1254c367,
  attachments: 0x1941a469,
  void: 0xec,
  crc32: 0xbf,
} as const;

/** An element of unknown size (a live stream's Segment and Clusters) ends where one of these begins. */
const SEGMENT_CHILDREN = new Set<number>([
  EBML.seekHead,
  EBML.info,
  EBML.tracks,
  EBML.cluster,
  EBML.cues,
  EBML.chapters,
  EBML.tags,
  EBML.attachments,
  EBML.header,
  EBML.segment,
]);

const AUDIO_TRACK = 2;

type EbmlElement = { id: number; dataStart: number; size: number | null; end: number };

/** The element header at `pos`: its ID and size, `size` null for "unknown" (live streams). */
function ebmlElement(data: Buffer, pos: number, parentEnd: number): EbmlElement {
  check(pos < parentEnd);
  const first = data[pos]!;
  const idLength = Math.clz32(first) - 23;
  check(idLength >= 1 && idLength <= 4);
  const id = readUint(data, pos, idLength);
  const sizePos = pos + idLength;
  check(sizePos < parentEnd);
  const sizeFirst = data[sizePos]!;
  const sizeLength = Math.clz32(sizeFirst) - 23;
  check(sizeLength >= 1 && sizeLength <= 8 && sizePos + sizeLength <= parentEnd);
  const marker = 0x80 >> (sizeLength - 1);
  let allOnes = (sizeFirst & (marker - 1)) === marker - 1;
  let size = sizeFirst & (marker - 1);
  for (let i = 1; i < sizeLength; i += 1) {
    const byte = data[sizePos + i]!;
    allOnes &&= byte === 0xff;
    size = size * 256 + byte;
  }
  const dataStart = sizePos + sizeLength;
  if (allOnes) return { id, dataStart, size: null, end: parentEnd };
  const end = dataStart + size;
  check(end <= parentEnd);
  return { id, dataStart, size, end };
}

function ebmlFloat(data: Buffer, element: EbmlElement): number {
  if (element.size === 4) return data.readFloatBE(element.dataStart);
  if (element.size === 8) return data.readDoubleBE(element.dataStart);
  check(element.size === 0);
  return 0;
}

function ebmlUint(data: Buffer, element: EbmlElement): number {
  check(element.size !== null);
  return readUint(data, element.dataStart, element.size);
}

/** The known-size children of `parent`; an unknown size is only allowed for the Segment and Clusters. */
function* ebmlChildren(data: Buffer, start: number, end: number): Generator<EbmlElement> {
  let pos = start;
  while (pos < end) {
    const child = ebmlElement(data, pos, end);
    check(child.size !== null);
    yield child;
    pos = child.end;
  }
}

/** Per track: its type, and the latest block start and block end seen so far, in ticks. */
type Track = {
  audio: boolean;
  defaultDurationNs: number;
  lastStart: number;
  lastEnd: number;
  blocks: number;
};

export function webmSeconds(data: Buffer): number | null {
  const header = ebmlElement(data, 0, data.length);
  check(header.id === EBML.header && header.size !== null);
  let docType = '';
  for (const child of ebmlChildren(data, header.dataStart, header.end)) {
    if (child.id === EBML.docType) {
      docType = data.toString('latin1', child.dataStart, child.end).replace(/\0+$/, '');
    }
  }
  check(docType === 'webm' || docType === 'matroska');

  let pos = header.end;
  let segment = ebmlElement(data, pos, data.length);
  while (segment.id === EBML.void || segment.id === EBML.crc32) {
    check(segment.size !== null);
    pos = segment.end;
    segment = ebmlElement(data, pos, data.length);
  }
  check(segment.id === EBML.segment);
  // Bytes after the Segment belong to nothing a player reads.
  check(segment.end === data.length);

  let timecodeScale = 1_000_000;
  let declaredTicks = 0;
  const tracks = new Map<number, Track>();

  pos = segment.dataStart;
  while (pos < segment.end) {
    const element = ebmlElement(data, pos, segment.end);
    if (element.id === EBML.cluster) {
      pos = readCluster(data, element, segment.end, tracks);
      continue;
    }
    // A second file's header or Segment here would carry audio that players may or may not play.
    check(element.size !== null && element.id !== EBML.header && element.id !== EBML.segment);
    if (element.id === EBML.info) {
      for (const child of ebmlChildren(data, element.dataStart, element.end)) {
        if (child.id === EBML.timecodeScale) timecodeScale = ebmlUint(data, child);
        else if (child.id === EBML.duration) declaredTicks = ebmlFloat(data, child);
      }
    } else if (element.id === EBML.tracks) {
      for (const entry of ebmlChildren(data, element.dataStart, element.end)) {
        if (entry.id !== EBML.trackEntry) continue;
        let number = 0;
        const track: Track = { audio: false, defaultDurationNs: 0, lastStart: 0, lastEnd: 0, blocks: 0 };
        for (const child of ebmlChildren(data, entry.dataStart, entry.end)) {
          if (child.id === EBML.trackNumber) number = ebmlUint(data, child);
          else if (child.id === EBML.trackType) track.audio = ebmlUint(data, child) === AUDIO_TRACK;
          else if (child.id === EBML.defaultDuration) track.defaultDurationNs = ebmlUint(data, child);
        }
        check(number > 0 && !tracks.has(number));
        tracks.set(number, track);
      }
    }
    pos = element.end;
  }

  check(timecodeScale > 0);
  check([...tracks.values()].some((track) => track.audio && track.blocks > 0));
  let endNs = declaredTicks * timecodeScale;
  for (const track of tracks.values()) {
    if (track.blocks === 0) continue;
    endNs = Math.max(
      endNs,
      track.lastEnd * timecodeScale,
      track.lastStart * timecodeScale + track.defaultDurationNs,
    );
  }
  return endNs / 1e9;
}

/** Reads one Cluster's blocks into their tracks; answers where the next Segment child begins. */
function readCluster(
  data: Buffer,
  cluster: EbmlElement,
  segmentEnd: number,
  tracks: Map<number, Track>,
): number {
  let clusterTicks: number | null = null;
  let pos = cluster.dataStart;
  while (pos < cluster.end) {
    const element = ebmlElement(data, pos, cluster.end);
    // A live stream's cluster has no size: it ends where the next cluster (or other Segment child) begins.
    if (cluster.size === null && SEGMENT_CHILDREN.has(element.id)) return pos;
    check(element.size !== null);
    if (element.id === EBML.timecode) {
      clusterTicks = ebmlUint(data, element);
    } else if (element.id === EBML.simpleBlock) {
      check(clusterTicks !== null);
      noteBlock(data, element, clusterTicks, null, tracks);
    } else if (element.id === EBML.blockGroup) {
      check(clusterTicks !== null);
      let block: EbmlElement | null = null;
      let durationTicks: number | null = null;
      for (const child of ebmlChildren(data, element.dataStart, element.end)) {
        if (child.id === EBML.block) block = child;
        else if (child.id === EBML.blockDuration) durationTicks = ebmlUint(data, child);
      }
      check(block !== null);
      noteBlock(data, block, clusterTicks, durationTicks, tracks);
    }
    pos = element.end;
  }
  return cluster.size === null ? segmentEnd : cluster.end;
}

/**
 * A block starts with its track number (a variable-length integer) and a signed 16-bit offset in ticks from its
 * cluster's timecode. Tracks are declared before the clusters, so a block of an unknown track is damage.
 */
function noteBlock(
  data: Buffer,
  block: EbmlElement,
  clusterTicks: number,
  durationTicks: number | null,
  tracks: Map<number, Track>,
) {
  const first = data[block.dataStart];
  check(first !== undefined);
  const trackLength = Math.clz32(first) - 23;
  check(trackLength >= 1 && trackLength <= 8);
  const offsetPos = block.dataStart + trackLength;
  check(offsetPos + 3 <= block.end);
  const number =
    readUint(data, block.dataStart, trackLength) - (0x80 >> (trackLength - 1)) * 256 ** (trackLength - 1);
  const track = tracks.get(number);
  check(track !== undefined);
  const ticks = clusterTicks + data.readInt16BE(offsetPos);
  track.blocks += 1;
  track.lastStart = Math.max(track.lastStart, ticks);
  if (durationTicks !== null) track.lastEnd = Math.max(track.lastEnd, ticks + durationTicks);
}
