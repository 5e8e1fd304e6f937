import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serviceStatuses } from '../../db/schema';
import type { LeaderTask } from '../../lib/leadership';

/**
 * Whether the official online services people rely on are answering. Each is probed every 5 minutes:
 * a quick answer is operational, a slow one or a 5xx is degraded, a refused or timed-out connection is an
 * outage, and when none of the hosts can even be looked up the problem is ours, so every status is unknown:
 * we never report an outage we cannot see.
 */
export type ServiceState = 'operational' | 'degraded' | 'outage' | 'unknown';
export type StatusTarget = { id: string; name: string; url: string };
export type ServiceStatus = StatusTarget & { status: ServiceState; lastChecked: string | null };

export const OFFICIAL_SERVICES: StatusTarget[] = [
  { id: 'immiaccount', name: 'ImmiAccount', url: 'https://online.immi.gov.au/lusc/login' },
  { id: 'home-affairs', name: 'Department of Home Affairs', url: 'https://immi.homeaffairs.gov.au/' },
  { id: 'mygov', name: 'myGov', url: 'https://my.gov.au/' },
  { id: 'services-australia', name: 'Services Australia', url: 'https://www.servicesaustralia.gov.au/' },
  { id: 'ato', name: 'Australian Taxation Office', url: 'https://www.ato.gov.au/' },
  { id: 'fair-work', name: 'Fair Work Ombudsman', url: 'https://www.fairwork.gov.au/' },
  { id: 'study-australia', name: 'Study Australia', url: 'https://www.studyaustralia.gov.au/' },
];

export type ProbeOptions = { timeoutMs: number; slowMs: number };
type Probe = { state: Exclude<ServiceState, 'unknown'>; lookupFailed: boolean };

const LOOKUP_ERRORS = new Set(['ENOTFOUND', 'EAI_AGAIN']);

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string; cause?: { code?: string } } };
  return e.cause?.code ?? e.cause?.cause?.code ?? e.code;
}

async function probe(url: string, options: ProbeOptions): Promise<Probe> {
  const started = Date.now();
  try {
    const response = await fetch(url, {
      method: 'GET',
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: { 'user-agent': 'MentorMe-StatusCheck/1.0' },
    });
    await response.body?.cancel();
    const slow = Date.now() - started > options.slowMs;
    return { state: response.status >= 500 || slow ? 'degraded' : 'operational', lookupFailed: false };
  } catch (error) {
    return { state: 'outage', lookupFailed: LOOKUP_ERRORS.has(errorCode(error) ?? '') };
  }
}

/**
 * Probes the official services and keeps the answers in the database, so every instance shows the same status and
 * time. Only the leading instance probes (lib/leadership.ts, `probeTask`); every instance reads.
 */
export class StatusChecker {
  constructor(
    private readonly db: Database,
    private readonly targets: StatusTarget[] = OFFICIAL_SERVICES,
    private readonly options: ProbeOptions = { timeoutMs: 10_000, slowMs: 3_000 },
  ) {}

  /** Probes every service at once and stores the answers. */
  async check(): Promise<ServiceStatus[]> {
    const probes = await Promise.all(this.targets.map((target) => probe(target.url, this.options)));
    const blind = probes.every((p) => p.lookupFailed);
    const lastChecked = new Date();
    const rows = this.targets.map((target, i) => ({
      id: target.id,
      status: blind ? ('unknown' as const) : probes[i]!.state,
      lastChecked,
    }));
    await this.db
      .insert(serviceStatuses)
      .values(rows)
      .onConflictDoUpdate({
        target: serviceStatuses.id,
        set: { status: sql`excluded.status`, lastChecked: sql`excluded.last_checked` },
      });
    return this.current();
  }

  /** The service with this id, when it is one of ours. */
  target(id: string): StatusTarget | undefined {
    return this.targets.find((target) => target.id === id);
  }

  /** The latest stored answers; unknown for a service never probed. */
  async current(): Promise<ServiceStatus[]> {
    const rows = await this.db.select().from(serviceStatuses);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return this.targets.map((target) => {
      const row = byId.get(target.id);
      return row
        ? { ...target, status: row.status, lastChecked: row.lastChecked.toISOString() }
        : { ...target, status: 'unknown', lastChecked: null };
    });
  }

  /**
   * The leader's probing, every `everyMs`. On taking the lead it waits for what is left of the interval since the
   * last probe by any instance, so a hand-over never probes the services more often.
   */
  probeTask(everyMs: number, onChecked: () => void = () => undefined): LeaderTask {
    return {
      name: 'service status check',
      everyMs,
      run: async () => {
        await this.check();
        onChecked();
      },
      firstRunInMs: async () => {
        const rows = await this.db
          .select({ last: sql<string | null>`min(${serviceStatuses.lastChecked})` })
          .from(serviceStatuses);
        const last = rows[0]?.last;
        return last ? new Date(last).getTime() + everyMs - Date.now() : 0;
      },
    };
  }
}
