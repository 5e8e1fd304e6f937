// One app instance of the cluster: started in its own process group, waited for until ready, stopped gracefully.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { root, serverEntry } from '../fresh-build.mjs';
import { alive, ended, how, sleep } from './processes.mjs';
import { cluster, STOP_TIMEOUT_MS } from './supervisor.mjs';

/** How long an instance may take to answer /api/ready (the first start migrates and loads the content). */
const READY_TIMEOUT_MS = 180_000;

export class Instance {
  /** settings: the cluster's { port, count, baseEnv, databaseUrl, cpuProfileDir }. */
  constructor(index, runDir, settings) {
    this.id = `i${index + 1}`;
    this.port = settings.port + 1 + index;
    this.metricsPort = settings.port + 1 + settings.count + index;
    this.log = path.join(runDir, `${this.id}.log`);
    this.settings = settings;
    this.child = null;
    /** Set while this script stops it on purpose (a rolling restart or the cluster's stop). */
    this.stopping = false;
    /** Unexpected ends in a row, for the wait before the next start. */
    this.failures = 0;
    this.restartTimer = null;
  }

  env() {
    return {
      ...this.settings.baseEnv,
      NODE_ENV: 'production',
      // Reached only through nginx, which is the one proxy trusted to say who the client is.
      HOST: '127.0.0.1',
      PORT: String(this.port),
      METRICS_PORT: String(this.metricsPort),
      TRUST_PROXY: '127.0.0.1',
      DATABASE_URL: this.settings.databaseUrl,
    };
  }

  start() {
    const out = openSync(this.log, 'a');
    // Its own process group: a Ctrl-C in the terminal reaches this script only, which stops the instances in order.
    const profile = this.settings.cpuProfileDir
      ? [
          '--cpu-prof',
          '--cpu-prof-dir',
          this.settings.cpuProfileDir,
          '--cpu-prof-name',
          `${this.id}.cpuprofile`,
        ]
      : [];
    this.child = spawn(process.execPath, ['--enable-source-maps', ...profile, serverEntry], {
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
