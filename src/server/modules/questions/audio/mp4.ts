/** MP4 (ISO base media file format), plain or fragmented: how long a recording plays. */
import { check, readUint } from './read';

type Box = { type: string; start: number; end: number };

/** The boxes between `start` and `end`; each must fit inside its parent. */
function* mp4Boxes(data: Buffer, start: number, end: number): Generator<Box> {
  let pos = start;
  while (pos < end) {
    check(pos + 8 <= end);
    let size = data.readUInt32BE(pos);
    const type = data.toString('latin1', pos + 4, pos + 8);
    let headerLength = 8;
    if (size === 1) {
      check(pos + 16 <= end);
      size = readUint(data, pos + 8, 8);
      headerLength = 16;
    } else if (size === 0) {
      size = end - pos; // "to the end of the file"
    }
    check(size >= headerLength && pos + size <= end);
    yield { type, start: pos + headerLength, end: pos + size };
    pos += size;
  }
}

/** An unsigned integer at `offset` inside the box's content, which must hold it. */
function boxUint(data: Buffer, box: Box, offset: number, length: number): number {
  check(offset >= 0 && box.start + offset + length <= box.end);
  return readUint(data, box.start + offset, length);
}

function child(data: Buffer, parent: Box, type: string): Box | undefined {
  for (const box of mp4Boxes(data, parent.start, parent.end)) if (box.type === type) return box;
  return undefined;
}

/** Full boxes start with a version byte; version 1 has 64-bit times. */
const isWide = (data: Buffer, box: Box) => boxUint(data, box, 0, 1) === 1;

/** mvhd and mdhd share this layout. */
function timeHeader(data: Buffer, box: Box): { timescale: number; duration: number } {
  const wide = isWide(data, box);
  const timescale = boxUint(data, box, wide ? 20 : 12, 4);
  const raw = boxUint(data, box, wide ? 24 : 16, wide ? 8 : 4);
  check(timescale > 0);
  // All ones means "unknown".
  const duration = raw === (wide ? 2 ** 64 - 1 : 0xffffffff) ? 0 : raw;
  return { timescale, duration };
}

type Mp4Track = { audio: boolean; timescale: number; ticks: number; defaultSampleDuration: number };

export function mp4Seconds(data: Buffer): number | null {
  let movie: { timescale: number; duration: number } | null = null;
  let fragmentDuration = 0;
  let hasMediaData = false;
  const tracks = new Map<number, Mp4Track>();
  const nextFragmentTime = new Map<number, number>();
  let first = true;

  for (const box of mp4Boxes(data, 0, data.length)) {
    if (first) check(box.type === 'ftyp');
    first = false;
    if (box.type === 'mdat') {
      hasMediaData ||= box.end > box.start;
    } else if (box.type === 'moov') {
      check(movie === null);
      let mvex: Box | undefined;
      for (const part of mp4Boxes(data, box.start, box.end)) {
        if (part.type === 'mvhd') movie = timeHeader(data, part);
        else if (part.type === 'trak') readTrack(data, part, tracks);
        else if (part.type === 'mvex') mvex = part;
      }
      check(movie !== null);
      if (mvex) fragmentDuration = readMovieExtends(data, mvex, tracks);
    } else if (box.type === 'moof') {
      // Fragments refer to the tracks that moov declares, so moov comes first.
      check(movie !== null);
      for (const traf of mp4Boxes(data, box.start, box.end)) {
        if (traf.type === 'traf') readTrackFragment(data, traf, tracks, nextFragmentTime);
      }
    }
  }

  check(movie !== null && hasMediaData && [...tracks.values()].some((track) => track.audio));
  const { timescale, duration } = movie;
  let seconds = Math.max(duration, fragmentDuration) / timescale;
  for (const track of tracks.values()) seconds = Math.max(seconds, track.ticks / track.timescale);
  return seconds;
}

function readTrack(data: Buffer, trak: Box, tracks: Map<number, Mp4Track>) {
  const tkhd = child(data, trak, 'tkhd');
  const mdia = child(data, trak, 'mdia');
  check(tkhd !== undefined && mdia !== undefined);
  const id = boxUint(data, tkhd, isWide(data, tkhd) ? 20 : 12, 4);
  const mdhd = child(data, mdia, 'mdhd');
  const hdlr = child(data, mdia, 'hdlr');
  check(mdhd !== undefined && hdlr !== undefined);
  const { timescale, duration } = timeHeader(data, mdhd);
  const audio = boxUint(data, hdlr, 8, 4) === 0x736f756e; // 'soun'

  // The sample table's durations, in case mdhd understates them.
  let sampleTicks = 0;
  const minf = child(data, mdia, 'minf');
  const stbl = minf && child(data, minf, 'stbl');
  const stts = stbl && child(data, stbl, 'stts');
  if (stts) {
    const entries = boxUint(data, stts, 4, 4);
    check(8 + entries * 8 <= stts.end - stts.start);
    for (let i = 0; i < entries; i += 1) {
      sampleTicks += boxUint(data, stts, 8 + i * 8, 4) * boxUint(data, stts, 12 + i * 8, 4);
    }
  }
  check(!tracks.has(id));
  tracks.set(id, { audio, timescale, ticks: Math.max(duration, sampleTicks), defaultSampleDuration: 0 });
}

/** mehd (the whole fragmented duration, when the writer knew it) and trex (per-track sample defaults). */
function readMovieExtends(data: Buffer, mvex: Box, tracks: Map<number, Mp4Track>): number {
  let fragmentDuration = 0;
  for (const box of mp4Boxes(data, mvex.start, mvex.end)) {
    if (box.type === 'mehd') {
      fragmentDuration = boxUint(data, box, 4, isWide(data, box) ? 8 : 4);
    } else if (box.type === 'trex') {
      const track = tracks.get(boxUint(data, box, 4, 4));
      if (track) track.defaultSampleDuration = boxUint(data, box, 12, 4);
    }
  }
  return fragmentDuration;
}

const TFHD_BASE_DATA_OFFSET = 0x01;
const TFHD_SAMPLE_DESCRIPTION = 0x02;
const TFHD_DEFAULT_DURATION = 0x08;
const TRUN_DATA_OFFSET = 0x01;
const TRUN_FIRST_SAMPLE_FLAGS = 0x04;
const TRUN_SAMPLE_DURATION = 0x100;
const TRUN_SAMPLE_FIELDS = [0x100, 0x200, 0x400, 0x800];

/** A fragment's runs of samples: its track's media time reaches their decode time plus their durations. */
function readTrackFragment(
  data: Buffer,
  traf: Box,
  tracks: Map<number, Mp4Track>,
  nextFragmentTime: Map<number, number>,
) {
  const tfhd = child(data, traf, 'tfhd');
  check(tfhd !== undefined);
  const tfhdFlags = boxUint(data, tfhd, 1, 3);
  const id = boxUint(data, tfhd, 4, 4);
  const track = tracks.get(id);
  check(track !== undefined);
  let defaultDuration = track.defaultSampleDuration;
  if (tfhdFlags & TFHD_DEFAULT_DURATION) {
    let offset = 8;
    if (tfhdFlags & TFHD_BASE_DATA_OFFSET) offset += 8;
    if (tfhdFlags & TFHD_SAMPLE_DESCRIPTION) offset += 4;
    defaultDuration = boxUint(data, tfhd, offset, 4);
  }

  let time = nextFragmentTime.get(id) ?? 0;
  const tfdt = child(data, traf, 'tfdt');
  if (tfdt) time = boxUint(data, tfdt, 4, isWide(data, tfdt) ? 8 : 4);

  for (const trun of mp4Boxes(data, traf.start, traf.end)) {
    if (trun.type !== 'trun') continue;
    const flags = boxUint(data, trun, 1, 3);
    const samples = boxUint(data, trun, 4, 4);
    let offset = 8;
    if (flags & TRUN_DATA_OFFSET) offset += 4;
    if (flags & TRUN_FIRST_SAMPLE_FLAGS) offset += 4;
    const stride = TRUN_SAMPLE_FIELDS.filter((field) => flags & field).length * 4;
    check(offset + samples * stride <= trun.end - trun.start);
    if (flags & TRUN_SAMPLE_DURATION) {
      for (let i = 0; i < samples; i += 1) time += boxUint(data, trun, offset + i * stride, 4);
    } else {
      // Without a duration per sample or a default, the run's length cannot be known.
      check(samples === 0 || defaultDuration > 0);
      time += samples * defaultDuration;
    }
  }
  nextFragmentTime.set(id, time);
  track.ticks = Math.max(track.ticks, time);
}
