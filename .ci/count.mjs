// Adds up the test counts that Vitest and Playwright printed, and prints `N passed, M failed`.
// A step that failed without a failing test (lint, typecheck, a crash) counts as one failure.
import { readFileSync } from 'node:fs';

const [status, ...files] = process.argv.slice(2);
let passed = 0;
let failed = 0;
const ESC = String.fromCharCode(27);
const strip = (text) => text.replaceAll(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '');
const count = (line, word) => Number(line.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);

for (const file of files) {
  for (const line of strip(readFileSync(file, 'utf8')).split('\n')) {
    if (/^\s*Tests\s+.*\(\d+\)\s*$/.test(line)) {
      // Vitest: "Tests  1 failed | 23 passed (24)"
      passed += count(line, 'passed');
      failed += count(line, 'failed');
    } else if (/^\s+\d+ (passed|failed|flaky)( \(|$)/.test(line)) {
      // Playwright: "  12 passed (40.1s)", "  1 failed", "  1 flaky"
      passed += count(line, 'passed');
      failed += count(line, 'failed') + count(line, 'flaky');
    }
  }
}
if (status !== '0' && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
