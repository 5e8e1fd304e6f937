/**
 * How long a recording plays, read from its container without decoding the audio, for the three containers
 * browsers record into (MediaRecorder): WebM, Ogg and MP4.
 *
 * The length is the latest timestamp found anywhere in the file, or its declared duration when that is longer,
 * so a file cannot pass by declaring a short duration in a header while carrying more audio. The answer is
 * `null` when the container is not whole and readable: an element, page or box that runs past its parent or
 * the end of the file, a bad Ogg checksum, bytes that belong to no element, no audio track or no audio at all.
 *
 * Chrome's WebM has no Duration element and clusters of unknown size (it is written as a live stream), so WebM
 * is measured from the cluster timecodes and block offsets. Ogg is measured from the granule positions, MP4
 * from mvhd, mdhd, the sample tables and, for fragmented files (Safari's recordings), the fragments' runs.
 */

import { mp4Seconds } from './mp4';
import { oggSeconds } from './ogg';
import { Unreadable } from './read';
import { webmSeconds } from './webm';

export { oggChecksum } from './ogg';

export type AudioContainer = 'audio/webm' | 'audio/ogg' | 'audio/mp4';

/** Seconds of audio in `data`, or `null` when it is not a whole, readable file of that container. */
export function audioDuration(data: Buffer, container: AudioContainer): number | null {
  try {
    const seconds =
      container === 'audio/webm'
        ? webmSeconds(data)
        : container === 'audio/ogg'
          ? oggSeconds(data)
          : mp4Seconds(data);
    return seconds !== null && Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
  } catch (error) {
    if (error instanceof Unreadable || error instanceof RangeError) return null;
    throw error;
  }
}
