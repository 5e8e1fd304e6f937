import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';
import { queryOnce } from '../test/query';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const query = queryOnce;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function postmasterPid(dataDir: string): Promise<number> {
  const lines = (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
  return Number.parseInt(lines[0] ?? '', 10);
}

/** A pid that names no process. */
function deadPid(): number {
  for (let pid = 999_999; pid > 900_000; pid -= 1) if (!isAlive(pid)) return pid;
  throw new Error('no free pid found');
}

const PREFIX = 'embedded-test-';

/** Clusters of runs that were killed before they could clean up: stopped (a stale start does that) and removed. */
async function removeLeftovers(): Promise<void> {
  const root = path.join(projectRoot, '.data');
  for (const name of await fs.readdir(root)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(root, name);
    const owner = Number.parseInt(
      await fs.readFile(path.join(dir, 'server.pid'), 'utf8').catch(() => ''),
      10,
    );
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) continue; // another run's
    if (existsSync(path.join(dir, 'postgres', 'postmaster.pid'))) {
      await startEmbeddedPostgres({ dataDir: dir, log: () => undefined })
        .then((leftover) => leftover.stop())
        .catch(() => undefined);
    }
    await fs.rm(dir, { recursive: true, force: true });
  }
}

// Its own clusters in .data, whichever PostgreSQL the other tests use: a run on an external one tests these too.
describe('embedded PostgreSQL', { timeout: 120_000 }, () => {
  let dataDir: string;
  let current: EmbeddedDatabase | undefined;
  let sleeper: ChildProcess | undefined;
  const log = () => undefined;

  beforeAll(async () => {
    await fs.mkdir(path.join(projectRoot, '.data'), { recursive: true });
    await removeLeftovers();
    dataDir = await fs.mkdtemp(path.join(projectRoot, '.data', PREFIX));
    // When run as root the cluster belongs to the postgres user, which must be able to reach it.
    await fs.chmod(dataDir, 0o755);
  }, 120_000);

  afterAll(async () => {
    if (sleeper?.exitCode === null) sleeper.kill();
    await current?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('creates a cluster, keeps its data across a stale postmaster and refuses a second owner', async () => {
    // First start: a new cluster.
    const first = await startEmbeddedPostgres({ dataDir, log });
    current = first;
    expect(first.adminUrl).toBe(
      `postgres://mentorme:${
        JSON.parse(await fs.readFile(path.join(dataDir, 'credentials.json'), 'utf8')).password
      }@127.0.0.1:${first.port}/postgres`,
    );
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(Number(await fs.readFile(path.join(dataDir, 'server.pid'), 'utf8'))).toBe(process.pid);
    await query(first.adminUrl, 'create table keep_me (id int primary key, note text)');
    await query(first.adminUrl, "insert into keep_me values (1, 'survives')");
    const stalePid = await postmasterPid(dataDir);
    expect(isAlive(stalePid)).toBe(true);

    // The owner "was killed": the postmaster runs on, but server.pid names a process that is gone.
    await fs.writeFile(path.join(dataDir, 'server.pid'), String(deadPid()));
    const second = await startEmbeddedPostgres({ dataDir, log });
    current = second;
    expect(isAlive(stalePid)).toBe(false);
    const newPid = await postmasterPid(dataDir);
    expect(newPid).not.toBe(stalePid);
    expect(isAlive(newPid)).toBe(true);
    expect(await query(second.adminUrl, 'select id, note from keep_me')).toEqual([
      { id: 1, note: 'survives' },
    ]);

    // Another live node process owns the running cluster: a second start is refused, or attaches.
    sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    const sleeperPid = sleeper.pid;
    if (!sleeperPid) throw new Error('could not start a node process');
    await fs.writeFile(path.join(dataDir, 'server.pid'), String(sleeperPid));

    await expect(startEmbeddedPostgres({ dataDir, log })).rejects.toThrow(/already running/);
    expect(await postmasterPid(dataDir)).toBe(newPid);

    const attached = await startEmbeddedPostgres({ dataDir, log, attach: true });
    expect(attached.port).toBe(second.port);
    expect(await query(attached.adminUrl, 'select note from keep_me')).toEqual([{ note: 'survives' }]);
    await attached.stop(); // an attached client never stops the owner's database
    expect(isAlive(newPid)).toBe(true);

    sleeper.kill();
    await second.stop();
    current = undefined;
    expect(isAlive(newPid)).toBe(false);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });
});
