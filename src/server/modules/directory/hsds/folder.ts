import { constants, type Dirent } from 'node:fs';
import { lstat, open, readdir } from 'node:fs/promises';
import path from 'node:path';

/** A problem with the whole import (an unreadable folder, a bad option): nothing is read or written. */
export class ImportError extends Error {
  override name = 'ImportError';
}

/** The files of an HSDS data set by their names in its folder. */
export type HsdsFiles = Map<string, string>;

/**
 * The most an import reads. Our own export is under 1 MB in 15 files, its largest table about 2,500 rows. Matching a
 * data set's rows to entries takes time that grows with the square of their number (some seconds at the row limit):
 * a data set a few times the size of ours fits; a larger one is refused before it takes the memory or the time.
 */
export const HSDS_IMPORT_LIMITS = {
  /** Bytes of one file. */
  fileBytes: 10 * 1024 * 1024,
  /** Bytes of every file read, together. */
  folderBytes: 50 * 1024 * 1024,
  /** Rows of one table (checked as each is read, in import.ts). */
  rows: 10_000,
};

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;
const tooLarge = (name: string) =>
  new ImportError(
    `${name} is larger than ${megabytes(HSDS_IMPORT_LIMITS.fileBytes)}, the most an import reads of one file: split the data set (by state, say) and import each part.`,
  );
const folderTooLarge = () =>
  new ImportError(
    `The data set's files are larger than ${megabytes(HSDS_IMPORT_LIMITS.folderBytes)} together, the most an import reads: split it (by state, say) and import each part.`,
  );
const linked = (name: string) =>
  new ImportError(
    `${name} is a symbolic link: an import reads only the files in the folder itself. Copy the file there instead.`,
  );

// Not through a link, even one put in place after the folder was listed; a FIFO must not block the open.
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** A regular file's bytes, at most `limit` of them (more is an ImportError); null when it is not a regular file. */
async function readAtMost(full: string, name: string, limit: number): Promise<Buffer | null> {
  const handle = await open(full, READ_FLAGS).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ELOOP' ? linked(name) : error;
  });
  try {
    const info = await handle.stat();
    if (!info.isFile()) return null;
    // One byte more than allowed, to tell a file at the limit from one past it, or one that grew since its stat.
    const buffer = Buffer.alloc(Math.min(info.size, limit) + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) {
      ({ bytesRead: read } = await handle.read(buffer, length, buffer.length - length, length));
    }
    if (length > limit) throw tooLarge(name);
    if (length > info.size) throw new ImportError(`${name} changed while it was read: import it again.`);
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

const isDataFile = (entry: Dirent) =>
  entry.name === 'datapackage.json' || entry.name.toLowerCase().endsWith('.csv');

/**
 * Reads datapackage.json and the CSV files of a folder (not its subfolders), as UTF-8. A symbolic link (the folder,
 * or anything in it) is refused: an import could otherwise be led to read files outside the data set. So are files
 * and folders larger than HSDS_IMPORT_LIMITS allows, and text that is not UTF-8, which would otherwise be read with
 * replacement characters where its bytes are wrong.
 */
export async function readHsdsFolder(folder: string): Promise<HsdsFiles> {
  const info = await lstat(folder).catch(() => null);
  if (info?.isSymbolicLink()) {
    throw new ImportError(`${folder} is a symbolic link: give the folder it points to.`);
  }
  if (!info?.isDirectory()) throw new ImportError(`${folder} is not a folder.`);
  const entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  const link = entries.find((entry) => entry.isSymbolicLink());
  if (link) throw linked(link.name);
  const candidates = entries.filter((entry) => entry.isFile() && isDataFile(entry));

  // Sizes first, so that a data set over the limits is refused before any of it is read.
  let total = 0;
  for (const entry of candidates) {
    const { size } = await lstat(path.join(folder, entry.name));
    if (size > HSDS_IMPORT_LIMITS.fileBytes) throw tooLarge(entry.name);
    total += size;
  }
  if (total > HSDS_IMPORT_LIMITS.folderBytes) throw folderTooLarge();

  const files: HsdsFiles = new Map();
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let read = 0;
  for (const entry of candidates) {
    const bytes = await readAtMost(path.join(folder, entry.name), entry.name, HSDS_IMPORT_LIMITS.fileBytes);
    if (!bytes) continue;
    read += bytes.length;
    if (read > HSDS_IMPORT_LIMITS.folderBytes) throw folderTooLarge();
    try {
      files.set(entry.name, utf8.decode(bytes));
    } catch {
      throw new ImportError(
        `${entry.name} is not UTF-8 text: save it as UTF-8 (spreadsheets call it "CSV UTF-8") and import again.`,
      );
    }
  }
  return files;
}
