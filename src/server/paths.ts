import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project directory holding `marker`, found by walking up from this file: the same answer from the
 * sources (src/server) and from the build (dist/server).
 */
export function projectPath(marker: string): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i += 1) {
    if (existsSync(path.join(dir, marker))) return path.join(dir, marker);
    dir = path.dirname(dir);
  }
  return null;
}
