// The running cluster: restarts an instance that ends unexpectedly, restarts them all one at a time on SIGHUP, and
// stops nginx and the instances in order.
import { alive, ended, how, sleep } from './processes.mjs';

/** How long a stopping instance (or nginx) may take before it is killed. */
export const STOP_TIMEOUT_MS = 30_000;

export const cluster = {
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
