import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A built client for buildApp's `clientDir`: a bare index.html, and `renderer` (a module's source) as the page frames'
 * renderer that dist/frame/frame.js would be.
 */
export function builtClientWithRenderer(renderer: string): string {
  const root = mkdtempSync(path.join(tmpdir(), 'frames-'));
  mkdirSync(path.join(root, 'client'));
  mkdirSync(path.join(root, 'frame'));
  writeFileSync(
    path.join(root, 'client/index.html'),
    '<html lang="en" dir="ltr"><head><title>Mentor Me</title><meta name="description" content="Mentor Me" /></head>' +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(root, 'frame/frame.js'), renderer);
  return path.join(root, 'client');
}
