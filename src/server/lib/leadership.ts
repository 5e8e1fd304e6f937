import pg from 'pg';

/** A piece of background work that one instance does for all of them. */
export type LeaderTask = {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
  /**
   * How long to wait before the first run on taking the lead (default: none). The service-status task waits for
   * what is left of the interval since the last probe, so a hand-over probes no more often than the interval.
   */
  firstRunInMs?: () => Promise<number>;
};

type Log = { info: (message: string) => void; warn: (error: unknown, message: string) => void };

/** The advisory lock the leading instance holds (prepare.ts's start-up lock is [7311, 1]). */
export const LEADER_LOCK = [7311, 2] as const;

/**
 * Which instance does the background work that must happen once (probing the official services, pruning
 * sessions, sweeping rate-limit counters): the one holding a PostgreSQL advisory lock on a connection of its own.
 * The others try again every `retryMs` on a connection they keep; when the leader stops, or its connection drops,
 * the lock goes with the connection and another instance takes over at its next try.
 */
export class Leadership {
  private client: pg.Client | null = null;
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<Promise<void>>();
  private retry: NodeJS.Timeout | undefined;
  private stopped = true;
  private leading = false;
  /** Which lead this is: the work of an earlier one that was lost never starts late. */
  private term = 0;

  constructor(
    private readonly connectionString: string,
    private readonly tasks: LeaderTask[],
    private readonly log: Log,
    private readonly retryMs = 10_000,
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    this.stopped = false;
    void this.attempt();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.stepDown();
  }

  private async attempt(): Promise<void> {
    if (this.stopped || this.leading) return;
    try {
      // One connection per instance, kept between tries: the lock, once taken, lives on it.
      const client = this.client ?? (await this.connect());
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1, $2) as locked',
        [...LEADER_LOCK],
      );
      if (this.stopped) return;
      if (!rows[0]!.locked) return this.scheduleRetry();
    } catch (error) {
      if (this.stopped) return;
      this.log.warn(error, 'could not ask for the lead');
      await this.stepDown();
      return this.scheduleRetry();
    }
    this.leading = true;
    this.term += 1;
    this.log.info('This instance leads the background work');
    for (const task of this.tasks) void this.begin(task, this.term);
  }

  private async connect(): Promise<pg.Client> {
    // Keep-alive: a connection the network dropped is noticed, and the lock with it, before another instance leads.
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true });
    client.on('error', () => undefined);
    // A dropped connection takes the lock with it: stop leading and try again later.
    client.on('end', () => {
      if (this.client !== client) return;
      this.client = null;
      if (!this.leading) return;
      this.log.warn(undefined, 'the leading instance lost its database connection; it stops leading');
      void this.stepDown().then(() => this.scheduleRetry());
    });
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    return client;
  }

  private async begin(task: LeaderTask, term: number): Promise<void> {
    const firstIn = task.firstRunInMs ? await task.firstRunInMs().catch(() => 0) : 0;
    if (!this.leading || this.term !== term) return;
    let busy = false;
    const tick = () => {
      // A run still going (a slow probe) is not joined by the next.
      if (!this.leading || busy) return;
      busy = true;
      const run = task
        .run()
        .catch((error: unknown) => this.log.warn(error, `${task.name} failed`))
        .finally(() => {
          busy = false;
          this.running.delete(run);
        });
      this.running.add(run);
    };
    const first = setTimeout(
      () => {
        tick();
        const every = setInterval(tick, task.everyMs);
        every.unref();
        this.timers.push(every);
      },
      Math.max(0, firstIn),
    );
    first.unref();
    this.timers.push(first);
  }

  private async stepDown(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.leading = false;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    await Promise.all(this.running);
    // Ending the connection releases the lock.
    await client?.end().catch(() => undefined);
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.attempt(), this.retryMs);
    this.retry.unref();
  }
}
