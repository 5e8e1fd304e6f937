// What the house's lint (eslint.config.js) says of a planted file: the tests in this folder plant one breach of
// each rule, and a file that keeps it, and read what lint says.
import path from 'node:path';
import { ESLint } from 'eslint';

export const root = path.resolve(import.meta.dirname, '../..');
/** One ESLint per test file: its config and the import resolver are loaded once for all of the file's cases. */
export const eslint = new ESLint({ cwd: root });

/** The problems lint finds in `code` as if it were the file at `file` (a path from the repository's root). */
export async function lintAs(code: string, file: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result?.messages ?? [];
}
