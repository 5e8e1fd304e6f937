/**
 * `BENCH_ONLY=audio npm run bench`: how long a voice note's duration takes to read from a WebM crowded with 500,000
 * tiny blocks (3 MB, the upload limit's size), against a goal of 1.5 s. A reader that went back over what it had
 * read would take minutes; the median of five runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { audioDuration } from '../src/server/modules/questions/audio';

const GOAL_MS = 1_500;
const RUNS = 5;

export function benchAudio(): string[] {
  const fixtures = path.resolve(import.meta.dirname, '../src/server/modules/questions/fixtures');
  const data = readFileSync(path.join(fixtures, 'voice-3s-chrome.webm'));
  const block = Buffer.from([0xa3, 0x84, 0x81, 0x00, 0x10, 0x80]);
  const crowded = Buffer.concat([data, ...Array.from({ length: 500_000 }, () => block)]);
  const times = Array.from({ length: RUNS }, () => {
    const started = performance.now();
    audioDuration(crowded, 'audio/webm');
    return performance.now() - started;
  }).sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)]!;
  const missed = median > GOAL_MS ? '  ← above goal' : '';
  return [
    `voice note duration, 3 MB of tiny WebM blocks: ${median.toFixed(0)} ms (median of ${RUNS}; goal ≤ ${GOAL_MS} ms)${missed}`,
  ];
}
