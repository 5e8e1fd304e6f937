import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL refuses to run as root, so a server started as root runs the embedded database as the system user
 * `postgres`. That user must be able to pass through every folder above the data folder and the PostgreSQL
 * programs; a project cloned into /root or a private temporary folder (mode 700) fails deep inside initdb with
 * "could not access directory … Permission denied". These checks find that before anything starts.
 */

/** A failure to start that one sentence explains; main.ts prints the sentence alone. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/**
 * Who the database runs as. Node's `spawn({ uid, gid })` drops supplementary groups, so only the primary group
 * counts. `null` ids stand for a user that does not exist yet (it is created on first start, in a group of its
 * own): it owns nothing and belongs to no existing file's group.
 */
export type RunAs = { uid: number | null; gid: number | null };

export function postgresUser(): RunAs {
  const id = (flag: string) => {
    try {
      return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: 'pipe' }).trim());
    } catch {
      return null;
    }
  };
  return { uid: id('-u'), gid: id('-g') };
}

const EXECUTE = 0o1;
const READ = 0o4;

/** Whether `who` has `bits` on the file: only the owner's bits count for its owner, the group's for its group. */
function allowed(stat: fs.Stats, who: RunAs, bits: number): boolean {
  const shift = stat.uid === who.uid ? 6 : stat.gid === who.gid ? 3 : 0;
  return ((stat.mode >> shift) & bits) === bits;
}

function nearestExisting(target: string): string {
  let existing = path.resolve(target);
  while (!fs.existsSync(existing)) existing = path.dirname(existing);
  return existing;
}

/** Every folder from the root down to `dir`. */
function foldersDownTo(dir: string): string[] {
  const folders: string[] = [];
  for (let current = dir; ; current = path.dirname(current)) {
    folders.unshift(current);
    if (path.dirname(current) === current) return folders;
  }
}

/**
 * The first folder on the way to `target` (itself included, when it is a folder) that `who` cannot pass through,
 * or undefined. Parts that do not exist yet are left out: they will be created by the server. Both the path as
 * written and the one its symbolic links lead to are walked, as the kernel walks both.
 */
export function unreachableFolder(target: string, who: RunAs): string | undefined {
  const existing = nearestExisting(target);
  const paths = new Set([...foldersDownTo(existing), ...foldersDownTo(fs.realpathSync(existing))]);
  for (const folder of paths) {
    const stat = fs.statSync(folder);
    if (stat.isDirectory() && !allowed(stat, who, EXECUTE)) return folder;
  }
  return undefined;
}

/**
 * Mode bits do not show access lists (setfacl): what they deny is tried for real, as that user, before it is
 * reported. A user that does not exist yet, or a system where that cannot be tried, is judged by the bits.
 */
function deniedInFact(who: RunAs, script: string, target: string): boolean {
  if (who.uid === null || who.gid === null) return true;
  const result = spawnSync('/bin/sh', ['-c', script, 'sh', target], {
    uid: who.uid,
    gid: who.gid,
    stdio: 'ignore',
    timeout: 5_000,
  });
  return result.status !== 0;
}

const AS_ROOT = 'Mentor Me is running as root, so its database runs as the system user "postgres"';

/**
 * Throws a StartupError naming the folder when `who` cannot reach the data folder, or cannot reach, read and run
 * the PostgreSQL program.
 */
export function checkPostgresCanReach(dataDir: string, program: string, who: RunAs): void {
  const blockedData = unreachableFolder(dataDir, who);
  if (blockedData && deniedInFact(who, 'cd -- "$1"', nearestExisting(dataDir))) {
    throw new StartupError(
      `${AS_ROOT}, which cannot enter ${blockedData}: run Mentor Me as a normal user, or set DATA_DIR to a folder ` +
        'that user can reach (for example DATA_DIR=/var/lib/mentor-me).',
    );
  }
  const blockedProgram = unreachableFolder(path.dirname(program), who);
  const runnable = (() => {
    try {
      return allowed(fs.statSync(program), who, READ | EXECUTE);
    } catch {
      return false;
    }
  })();
  if ((blockedProgram || !runnable) && deniedInFact(who, 'test -r "$1" && test -x "$1"', program)) {
    throw new StartupError(
      `${AS_ROOT}, which cannot ${blockedProgram ? `enter ${blockedProgram}` : `run ${program}`} to start ` +
        'PostgreSQL: run Mentor Me as a normal user, or move the project to a folder that user can reach ' +
        '(for example /opt/mentor-me).',
    );
  }
}
