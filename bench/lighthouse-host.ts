// What the host costs the page under Lighthouse: the blocking time by CPU time, the priority of Chromium's other
// processes, and the price of a fresh page of memory (bench/lighthouse.ts prints them under its table).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

/** Lighthouse's phone: its simulation counts every task four times as long, and 50 ms of a task as not blocking. */
export const CPU_SLOWDOWN = 4;
export const BLOCKING_AFTER_MS = 50;

/**
 * Total blocking time counted from the CPU time of the page's main-thread tasks after its first paint, each slowed
 * as the simulation slows it (trace times are in µs). The page's main thread is the renderer's with the most tasks.
 */
export function cpuBlockingTime(events: TraceEvent[], firstPaintTs: number): number {
  const tasksOf = (thread: TraceEvent) =>
    events.filter(
      (e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask' && e.ph === 'X',
    );
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const main = threads.map(tasksOf).sort((a, b) => b.length - a.length)[0] ?? [];
  return main
    .filter((task) => task.ts >= firstPaintTs)
    .reduce(
      (sum, task) => sum + Math.max(0, ((task.tdur ?? 0) / 1000) * CPU_SLOWDOWN - BLOCKING_AFTER_MS),
      0,
    );
}

/**
 * On a host with few cores, Chromium's browser, GPU and utility processes (which record the trace and screenshots
 * Lighthouse asks for) take turns on the CPU with the page's main thread, and the simulation counts four times over
 * every millisecond the page waited for them. They run at a lower priority (niceness 10) than the page's renderers
 * and the zygote these are started from; processes the browser starts later inherit it. Linux only (/proc).
 */
export function favourThePage(browserPid: number): void {
  if (process.env.LIGHTHOUSE_FAVOUR_PAGE === '0' || !existsSync('/proc')) return;
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // `pid (comm) state ppid …`: the name may hold spaces, so the fields are read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const ofBrowser = (pid: number): boolean =>
    pid === browserPid || (parents.has(pid) && pid > 1 && ofBrowser(parents.get(pid)!));
  for (const pid of [...parents.keys()].filter(ofBrowser)) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (command.includes('--type=renderer') || command.includes('--type=zygote')) continue;
      for (const thread of readdirSync(`/proc/${pid}/task`)) os.setPriority(Number(thread), 10);
    } catch {
      // The process ended meanwhile.
    }
  }
}

/**
 * Microseconds this host takes to give a process a page of memory it touches for the first time (a page fault, the
 * median of three passes over 64 MiB). A browser starting a page touches thousands, inside the tasks Lighthouse
 * times; a virtual machine can make each one many times dearer than the CPU's speed would suggest.
 */
export function freshPageMicros(): number {
  const size = 64 * 1024 * 1024;
  const page = 4096;
  const passes = [0, 1, 2].map(() => {
    const started = process.hrtime.bigint();
    const bytes = new Uint8Array(new ArrayBuffer(size));
    for (let offset = 0; offset < size; offset += page) bytes[offset] = 1;
    return Number(process.hrtime.bigint() - started) / 1000 / (size / page);
  });
  return median(passes);
}
