// `npm run cluster`: Mentor Me as it runs in production, on one machine: several app instances on one PostgreSQL,
// behind nginx with the site configuration every deployment uses (deploy/nginx.conf.template).
//
//   npm run cluster -- [--instances 2] [--port 5000] [--database-url postgres://…]
//
// Builds when the build is stale, runs the migrate step once, then nginx on --port and instance i (1…N) on
// port+i, its metrics on port+N+i. SIGHUP restarts the instances one at a time (a rolling restart); Ctrl-C or
// SIGTERM stops everything.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { dotEnv, ensureBuilt, root, serverEntry } from './fresh-build.mjs';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/mentorme';
const USAGE = `Usage: npm run cluster -- [--instances N] [--port PORT] [--database-url URL]
  --instances N       app instances behind nginx (default 2)
  --port PORT         nginx's port (default 5000); instance i listens on PORT+i, its metrics on PORT+N+i
  --database-url URL  the PostgreSQL database, created when it does not exist
                      (default: DATABASE_URL, else ${DEFAULT_DATABASE_URL})
  --skip-migrate      no migrate step first: the instances prepare the database as they start, one at a
                      time under its lock`;
/** How long an instance may take to answer /api/ready (the first start migrates and loads the content). */
const READY_TIMEOUT_MS = 180_000;
/** How long a stopping instance may take before it is killed. */
const STOP_TIMEOUT_MS = 30_000;

function fail(message) {
  console.error(message);
  process.exit(1);
}

let options;
try {
  options = parseArgs({
    options: {
      instances: { type: 'string', default: '2' },
      port: { type: 'string', default: '5000' },
      'database-url': { type: 'string' },
      'skip-migrate': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (error) {
  fail(`${error.message}\n${USAGE}`);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
const count = Number(options.instances);
const port = Number(options.port);
if (!Number.isInteger(count) || count < 1 || count > 32) fail(`--instances must be 1 to 32.\n${USAGE}`);
if (!Number.isInteger(port) || port < 1 || port + 2 * count > 65535)
  fail(`--port must leave room for ${2 * count} more ports below 65536.\n${USAGE}`);

// The settings of .env (when there is one) under the caller's environment, as `npm start` reads them.
const baseEnv = { ...dotEnv(), ...process.env };
const databaseUrl = options['database-url'] || baseEnv.DATABASE_URL || DEFAULT_DATABASE_URL;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (child) => child !== null && child.exitCode === null && child.signalCode === null;
/** Resolves with how the child ended (at once if it already has). */
const ended = (child) =>
  alive(child)
    ? new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
    : Promise.resolve({ code: child.exitCode, signal: child.signalCode });
const how = ({ code, signal }) => (signal ? `signal ${signal}` : `exit code ${code}`);

function tail(file, lines = 15) {
  if (!existsSync(file)) return '';
  const text = readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines);
  return text.map((line) => `    ${line}`).join('\n');
}

// ---- nginx ------------------------------------------------------------------------------------------------------

function findNginx() {
  const dirs = ['/usr/sbin', ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  return dirs.map((dir) => path.join(dir, 'nginx')).find((file) => existsSync(file));
}

function installNginx() {
  console.log('nginx is not installed: installing it with apt-get (apt-get install -y nginx)…');
  if (!existsSync('/usr/bin/apt-get'))
    fail('apt-get is not here: install nginx with your system’s package manager, then run this again.');
  if (process.getuid?.() !== 0)
    fail('Installing nginx needs root: run `sudo apt-get install -y nginx`, then run this again.');
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'nginx'],
  ]) {
    const run = spawnSync('apt-get', args, {
      encoding: 'utf8',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (run.status !== 0) fail(`apt-get ${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
  }
  return findNginx() ?? fail('nginx was installed but is not found in /usr/sbin or on the PATH.');
}

/** When nginx starts as root its workers need an unprivileged user: Debian's www-data, else nobody. */
function workerUser() {
  if (process.getuid?.() !== 0) return '';
  const has = (file, name) =>
    existsSync(file) &&
    readFileSync(file, 'utf8')
      .split('\n')
      .some((line) => line.startsWith(`${name}:`));
  if (has('/etc/passwd', 'www-data') && has('/etc/group', 'www-data')) return 'user www-data;';
  return `user nobody ${has('/etc/group', 'nogroup') ? 'nogroup' : 'nobody'};`;
}

/** The site configuration from the template, the way the official nginx image fills its templates in. */
function fillTemplate(values) {
  const template = readFileSync(path.join(root, 'deploy/nginx.conf.template'), 'utf8');
  return template.replace(/\$\{(MENTORME_[A-Z_]+)\}/g, (placeholder, name) => {
    if (!(name in values)) fail(`deploy/nginx.conf.template: no value for ${placeholder}`);
    return values[name];
  });
}

function writeNginxConfig(runDir, instances) {
  const site = path.join(runDir, 'mentorme.conf');
  writeFileSync(
    site,
    fillTemplate({
      MENTORME_LISTEN: String(port),
      MENTORME_RESOLVER: '',
      MENTORME_UPSTREAM: instances
        .map((instance) => `server 127.0.0.1:${instance.port} max_fails=0;`)
        .join('\n    '),
      MENTORME_ACCESS_LOG: path.join(runDir, 'access.log'),
    }),
  );
  const temp = (name) => `${name}_temp_path ${path.join(runDir, 'temp', name)};`;
  const main = path.join(runDir, 'nginx.conf');
  // The main context around the site configuration, as the image's /etc/nginx/nginx.conf is in a container;
  // every path is in the run folder, so nginx needs no system setup.
  writeFileSync(
    main,
    [
      workerUser(),
      'worker_processes 1;',
      `pid ${path.join(runDir, 'nginx.pid')};`,
      `error_log ${path.join(runDir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `    ${temp(name)}`),
      `    include ${site};`,
      '}',
      '',
    ].join('\n'),
  );
  mkdirSync(path.join(runDir, 'temp'), { recursive: true });
  return main;
}

/** Resolves once something accepts connections on the port; throws if `child` ends first or it takes too long. */
async function waitListening(listenPort, child, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive(child)) throw new Error(`it stopped (${how(await ended(child))})`);
    const open = await new Promise((resolve) => {
      const socket = net.connect(listenPort, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`port ${listenPort} is not open after ${timeoutMs / 1000} s`);
}

/** Whether nothing listens on the port yet (on any address, as nginx will listen). */
function portFree(candidate) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(candidate, () => server.close(() => resolve(true)));
  });
}

// ---- the database ---------------------------------------------------------------------------------------------

async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) fail(`The database address names no database: ${url}`);
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (error) {
    await probe.end().catch(() => undefined);
    // 3D000: the server answers, the database does not exist yet.
    if (error.code !== '3D000') fail(`Cannot connect to PostgreSQL at ${target.host}: ${error.message}`);
  }
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  try {
    await admin.connect();
    await admin.query(`create database "${name.replaceAll('"', '""')}"`);
    console.log(`Created the database ${name}.`);
  } catch (error) {
    fail(`Cannot create the database ${name}: ${error.message}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

// ---- the instances --------------------------------------------------------------------------------------------

class Instance {
  constructor(index, runDir) {
    this.id = `i${index + 1}`;
    this.port = port + 1 + index;
    this.metricsPort = port + 1 + count + index;
    this.log = path.join(runDir, `${this.id}.log`);
    this.child = null;
    /** Set while this script stops it on purpose (a rolling restart or the cluster's stop). */
    this.stopping = false;
    /** Unexpected ends in a row, for the wait before the next start. */
    this.failures = 0;
    this.restartTimer = null;
  }

  env() {
    return {
      ...baseEnv,
      NODE_ENV: 'production',
      // Reached only through nginx, which is the one proxy trusted to say who the client is.
      HOST: '127.0.0.1',
      PORT: String(this.port),
      METRICS_PORT: String(this.metricsPort),
      TRUST_PROXY: '127.0.0.1',
      DATABASE_URL: databaseUrl,
    };
  }

  start() {
    const out = openSync(this.log, 'a');
    // Its own process group: a Ctrl-C in the terminal reaches this script only, which stops the instances in order.
    this.child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
      cwd: root,
      env: this.env(),
      stdio: ['ignore', out, out],
      detached: true,
    });
    closeSync(out);
    const child = this.child;
    child.once('exit', (code, signal) => {
      if (this.stopping || cluster.stopping || child !== this.child) return;
      cluster.onUnexpectedExit(this, { code, signal });
    });
  }

  async waitReady(timeoutMs = READY_TIMEOUT_MS) {
    const child = this.child;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!alive(child)) throw new Error(`${this.id} stopped (${how(await ended(child))})`);
      try {
        const response = await fetch(`http://127.0.0.1:${this.port}/api/ready`, {
          signal: AbortSignal.timeout(2_000),
        });
        if (response.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await sleep(250);
    }
    throw new Error(`${this.id} did not answer 200 on /api/ready within ${timeoutMs / 1000} s`);
  }

  /** SIGTERM, then the wait for its exit (the app finishes its requests first); killed after 30 s. */
  async stop() {
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || !alive(child)) return;
    this.stopping = true;
    try {
      child.kill('SIGTERM');
      const exit = ended(child);
      const result = await Promise.race([exit, sleep(STOP_TIMEOUT_MS).then(() => null)]);
      if (result === null) {
        console.log(`${this.id} did not stop within ${STOP_TIMEOUT_MS / 1000} s: killing it.`);
        child.kill('SIGKILL');
        await exit;
      }
    } finally {
      this.stopping = false;
    }
  }
}

const cluster = {
  stopping: false,
  ready: false,
  nginx: null,
  instances: [],
  rolling: false,
  rollAgain: false,

  onUnexpectedExit(instance, result) {
    if (!this.ready) return; // Before the ready line, the start itself reports it and stops.
    instance.failures += 1;
    const wait = Math.min(30_000, 1_000 * 2 ** (instance.failures - 1));
    console.log(
      `${instance.id} (pid ${instance.child.pid}) stopped unexpectedly (${how(result)}): restarting it in ${wait / 1000} s; its log: ${instance.log}`,
    );
    instance.restartTimer = setTimeout(() => {
      if (this.stopping) return;
      instance.start();
      instance.waitReady().then(
        () => {
          instance.failures = 0;
          console.log(`${instance.id} is ready again (pid ${instance.child.pid})`);
        },
        () => undefined, // Its exit is reported (and it is restarted) by the exit handler.
      );
    }, wait);
  },

  async rollingRestart() {
    if (!this.ready || this.stopping) return;
    if (this.rolling) {
      this.rollAgain = true;
      return;
    }
    this.rolling = true;
    try {
      for (const instance of this.instances) {
        if (this.stopping) return;
        const before = instance.child?.pid;
        const started = Date.now();
        await instance.stop();
        const stopSeconds = ((Date.now() - started) / 1000).toFixed(1);
        if (this.stopping) return;
        instance.start();
        try {
          await instance.waitReady();
        } catch (error) {
          console.log(
            `${instance.id}: ${error.message}; the rolling restart stops here (its log: ${instance.log})`,
          );
          return;
        }
        instance.failures = 0;
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        console.log(
          `restarted ${instance.id}: stopped in ${stopSeconds} s, ready in ${seconds} s (pid ${before} → ${instance.child.pid})`,
        );
      }
    } finally {
      this.rolling = false;
      if (this.rollAgain && !this.stopping) {
        this.rollAgain = false;
        void this.rollingRestart();
      }
    }
  },

  async stop(code) {
    if (this.stopping) {
      console.log('Stopping at once.');
      this.kill();
      process.exit(1);
    }
    this.stopping = true;
    console.log('Stopping nginx and the instances…');
    const nginx = this.nginx;
    const nginxStopped = (async () => {
      if (!nginx || !alive(nginx)) return;
      nginx.kill('SIGQUIT'); // nginx's graceful stop: open requests are finished first.
      const exit = ended(nginx);
      if ((await Promise.race([exit, sleep(STOP_TIMEOUT_MS).then(() => null)])) === null) {
        nginx.kill('SIGKILL');
        await exit;
      }
    })();
    await Promise.all([nginxStopped, ...this.instances.map((instance) => instance.stop())]);
    console.log('Stopped.');
    process.exit(code);
  },

  /** Whatever is still running, killed: the last resort when this script leaves. */
  kill() {
    for (const child of [this.nginx, ...this.instances.map((instance) => instance.child)])
      if (child && alive(child)) child.kill('SIGKILL');
  },
};

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cluster.stop(0));
process.on('SIGHUP', () => void cluster.rollingRestart());
// Leaving for any other reason (an error in this script) must not leave instances behind: they stop in order.
process.on('exit', () => {
  for (const child of [cluster.nginx, ...cluster.instances.map((instance) => instance.child)])
    if (child && alive(child)) child.kill('SIGTERM');
});

// ---- the start ------------------------------------------------------------------------------------------------

async function startFailed(message, log) {
  console.error(`${message}${log ? `\n  the end of ${log}:\n${tail(log)}` : ''}`);
  await cluster.stop(1);
}

async function main() {
  const ports = [port, ...Array.from({ length: 2 * count }, (_, index) => port + 1 + index)];
  const taken = [];
  for (const candidate of ports) if (!(await portFree(candidate))) taken.push(candidate);
  if (taken.length)
    fail(
      `${taken.length === 1 ? 'Port' : 'Ports'} ${taken.join(', ')} ${taken.length === 1 ? 'is' : 'are'} in use: stop what uses it or choose --port.`,
    );

  ensureBuilt();
  const nginxBin = findNginx() ?? installNginx();
  await ensureDatabase(databaseUrl);

  const runDir = mkdtempSync(path.join(os.tmpdir(), 'mentorme-cluster-'));
  // nginx's workers run as another user when this runs as root: they must reach their temp folders.
  chmodSync(runDir, 0o755);
  const instances = Array.from({ length: count }, (_, index) => new Instance(index, runDir));
  cluster.instances = instances;
  console.log(
    `Logs in ${runDir}: nginx's access.log and error.log, ${instances.map((i) => `${i.id}.log`).join(', ')}`,
  );

  // The migrate step, once before any instance (without it, each instance migrates at its start under a lock).
  const migrate = path.join(root, 'dist/server/migrate.js');
  if (existsSync(migrate) && !options['skip-migrate']) {
    const child = spawn(process.execPath, ['--enable-source-maps', migrate], {
      cwd: root,
      env: { ...baseEnv, NODE_ENV: 'production', DATABASE_URL: databaseUrl },
      stdio: 'inherit',
    });
    const result = await ended(child);
    if (result.code !== 0) fail(`The migrate step failed (${how(result)}).`);
  }

  const conf = writeNginxConfig(runDir, instances);
  const errorLog = path.join(runDir, 'error.log');
  const nginxArgs = ['-p', runDir, '-e', errorLog, '-c', conf];
  const check = spawnSync(nginxBin, [...nginxArgs, '-t', '-q'], { encoding: 'utf8' });
  if (check.status !== 0) fail(`nginx does not accept ${conf}:\n${check.stderr}${check.stdout}`);

  for (const instance of instances) instance.start();
  const results = await Promise.allSettled(instances.map((instance) => instance.waitReady()));
  const failed = results.findIndex((result) => result.status === 'rejected');
  if (failed !== -1) return startFailed(results[failed].reason.message, instances[failed].log);

  // nginx once the instances answer, so that it never finds them all down.
  const nginxOut = openSync(errorLog, 'a');
  cluster.nginx = spawn(nginxBin, [...nginxArgs, '-g', 'daemon off;'], {
    stdio: ['ignore', nginxOut, nginxOut],
    detached: true,
  });
  closeSync(nginxOut);
  cluster.nginx.once('exit', (code, signal) => {
    if (cluster.stopping) return;
    console.error(
      `nginx stopped unexpectedly (${how({ code, signal })}); its log: ${errorLog}\n${tail(errorLog)}`,
    );
    void cluster.stop(1);
  });
  try {
    await waitListening(port, cluster.nginx);
  } catch (error) {
    return startFailed(`nginx did not start: ${error.message}`, errorLog);
  }

  // Through nginx too, before saying it is ready.
  let through;
  for (let attempt = 0; attempt < 20 && through?.status !== 200; attempt += 1) {
    if (attempt) await sleep(250);
    through = await fetch(`http://127.0.0.1:${port}/api/ready`).catch((error) => error);
  }
  if (through.status !== 200)
    return startFailed(`nginx does not pass /api/ready on: ${through.status ?? through.message}`, errorLog);

  cluster.ready = true;
  console.log(`cluster ready: http://127.0.0.1:${port} (${count} instances)`);
  for (const instance of instances)
    console.log(
      `  ${instance.id}  http://127.0.0.1:${instance.port}  metrics http://127.0.0.1:${instance.metricsPort}/metrics  pid ${instance.child.pid}`,
    );
  console.log(`Rolling restart: kill -HUP ${process.pid}. Stop: Ctrl-C or kill ${process.pid}.`);
}

main().catch(async (error) => {
  console.error(error);
  await cluster.stop(1);
});
