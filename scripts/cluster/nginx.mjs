// nginx for `npm run cluster`: found (or installed), configured from deploy/nginx.conf.template, waited for.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { root } from '../fresh-build.mjs';
import { alive, ended, fail, how, sleep } from './processes.mjs';

export function findNginx() {
  const dirs = ['/usr/sbin', ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  return dirs.map((dir) => path.join(dir, 'nginx')).find((file) => existsSync(file));
}

export function installNginx() {
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

export function writeNginxConfig(runDir, port, instances) {
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
      'worker_processes auto;',
      // Each person holds a few connections and a socket, and each is two (theirs and the instance's): nginx's
      // default 1,024 connections turned people away from about 500 at once (decision 055).
      'worker_rlimit_nofile 65536;',
      `pid ${path.join(runDir, 'nginx.pid')};`,
      `error_log ${path.join(runDir, 'error.log')} warn;`,
      'events { worker_connections 16384; }',
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
export async function waitListening(listenPort, child, timeoutMs = 10_000) {
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
export function portFree(candidate) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(candidate, () => server.close(() => resolve(true)));
  });
}
