// `npm run cluster`: Mentor Me as it runs in production, on one machine: several app instances on one PostgreSQL,
// behind nginx with the site configuration every deployment uses (deploy/nginx.conf.template).
//
//   npm run cluster -- [--instances 2] [--port 5000] [--database-url postgres://…]
//
// Builds when the build is stale, runs the migrate step once, then nginx on --port and instance i (1…N) on
// port+i, its metrics on port+N+i. SIGHUP restarts the instances one at a time (a rolling restart); Ctrl-C or
// SIGTERM stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdtempSync, openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDatabase } from './cluster/database.mjs';
import { Instance } from './cluster/instance.mjs';
import { findNginx, installNginx, portFree, waitListening, writeNginxConfig } from './cluster/nginx.mjs';
import { alive, ended, fail, how, sleep, tail } from './cluster/processes.mjs';
import { cluster } from './cluster/supervisor.mjs';
import { dotEnv, ensureBuilt, root } from './fresh-build.mjs';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/mentorme';
const USAGE = `Usage: npm run cluster -- [--instances N] [--port PORT] [--database-url URL]
  --instances N       app instances behind nginx (default 2)
  --port PORT         nginx's port (default 5000); instance i listens on PORT+i, its metrics on PORT+N+i
  --database-url URL  the PostgreSQL database, created when it does not exist
                      (default: DATABASE_URL, else ${DEFAULT_DATABASE_URL})
  --skip-migrate      no migrate step first: the instances prepare the database as they start, one at a
                      time under its lock
  --cpu-prof DIR      each instance writes a CPU profile (.cpuprofile, for Chrome's DevTools) into DIR
                      when it stops`;

let options;
try {
  options = parseArgs({
    options: {
      instances: { type: 'string', default: '2' },
      port: { type: 'string', default: '5000' },
      'database-url': { type: 'string' },
      'skip-migrate': { type: 'boolean', default: false },
      'cpu-prof': { type: 'string' },
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
  const instances = Array.from(
    { length: count },
    (_, index) =>
      new Instance(index, runDir, {
        port,
        count,
        baseEnv,
        databaseUrl,
        cpuProfileDir: options['cpu-prof'] && path.resolve(options['cpu-prof']),
      }),
  );
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

  const conf = writeNginxConfig(runDir, port, instances);
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
