/**
 * Each process's share of the machine during a step, read from /proc: the app instances (by their PORT), nginx,
 * PostgreSQL (all its processes) and the load generator itself. CPU is in percent of one core, memory the resident
 * set in MiB (summed over a group's processes).
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;
const PAGE_BYTES = 4096;

type Sample = { at: number; ticks: Map<string, number>; rss: Map<string, number> };
export type ProcessUse = Record<string, { cpuPercent: number; memoryMiB: number }>;

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Which group a process belongs to, or undefined for one the load test does not watch. */
function groupOf(pid: string, ownPid: number): string | undefined {
  if (Number(pid) === ownPid) return 'load generator';
  const cmdline = read(`/proc/${pid}/cmdline`)?.replaceAll('\0', ' ') ?? '';
  if (cmdline.includes('dist/server/main.js')) {
    const port = read(`/proc/${pid}/environ`)?.match(/(?:^|\0)PORT=(\d+)/)?.[1];
    return `app :${port ?? pid}`;
  }
  if (cmdline.startsWith('nginx')) return 'nginx';
  if (cmdline.startsWith('postgres') || cmdline.includes('/postgres ')) return 'postgres';
  return undefined;
}

function sample(): Sample {
  const at = Date.now();
  const ticks = new Map<string, number>();
  const rss = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const group = groupOf(pid, process.pid);
    if (!group) continue;
    const stat = read(`/proc/${pid}/stat`);
    if (!stat) continue;
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th, rss the 22nd.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks.set(group, (ticks.get(group) ?? 0) + Number(fields[11]) + Number(fields[12]));
    rss.set(group, (rss.get(group) ?? 0) + Number(fields[21]) * PAGE_BYTES);
  }
  return { at, ticks, rss };
}

/** Samples every two seconds; `take()` gives the use since the last take and starts a new window. */
export class ProcessWatch {
  private start = sample();
  private peak = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  constructor() {
    this.timer = setInterval(() => this.note(sample()), 2_000);
    this.timer.unref();
  }

  private note(now: Sample): Sample {
    for (const [group, bytes] of now.rss) this.peak.set(group, Math.max(this.peak.get(group) ?? 0, bytes));
    return now;
  }

  take(): ProcessUse {
    const end = this.note(sample());
    const seconds = Math.max(0.001, (end.at - this.start.at) / 1000);
    const use: ProcessUse = {};
    for (const [group, ticks] of [...end.ticks].sort(([a], [b]) => a.localeCompare(b))) {
      const used = (ticks - (this.start.ticks.get(group) ?? ticks)) / TICKS_PER_SECOND;
      use[group] = {
        cpuPercent: Math.round((used / seconds) * 1000) / 10,
        memoryMiB: Math.round((this.peak.get(group) ?? 0) / 1024 / 1024),
      };
    }
    this.start = end;
    this.peak = new Map();
    return use;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
