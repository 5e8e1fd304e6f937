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

export class StatusChecker {
  private results = new Map<string, ServiceStatus>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly targets: StatusTarget[] = OFFICIAL_SERVICES,
    private readonly options: ProbeOptions = { timeoutMs: 10_000, slowMs: 3_000 },
  ) {}

  /** Probes every service at once and keeps the answers. */
  async check(): Promise<ServiceStatus[]> {
    const probes = await Promise.all(this.targets.map((target) => probe(target.url, this.options)));
    const blind = probes.every((p) => p.lookupFailed);
    const lastChecked = new Date().toISOString();
    this.targets.forEach((target, i) =>
      this.results.set(target.id, { ...target, status: blind ? 'unknown' : probes[i]!.state, lastChecked }),
    );
    return this.current();
  }

  /** The service with this id, when it is one of ours. */
  target(id: string): StatusTarget | undefined {
    return this.targets.find((target) => target.id === id);
  }

  current(): ServiceStatus[] {
    return this.targets.map(
      (target) => this.results.get(target.id) ?? { ...target, status: 'unknown', lastChecked: null },
    );
  }

  /** Checks now and then every `intervalMs`; the timer never keeps the process alive. */
  start(intervalMs = 5 * 60_000): void {
    void this.check().catch(() => undefined);
    this.timer = setInterval(() => void this.check().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
