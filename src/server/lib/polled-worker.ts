/**
 * A worker whose work waits in PostgreSQL (Chloe's reply jobs, the email outbox): every instance runs one, each looks
 * every `pollMs`, and the instance that queued the work is nudged to look at once. Subclasses claim their work with
 * `for update skip locked`, so no two workers take the same item.
 */
export abstract class PolledWorker {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  /** A nudge came while a drain ran: look again as soon as it ends. */
  private nudged = false;
  private stopped = true;
  /** stop() was called: a drain in progress ends after the item in hand. */
  private stopping = false;

  protected constructor(
    private readonly pollMs: () => number,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** Claims and does the next due work, if any. Returns whether there was some. */
  abstract runOnce(): Promise<boolean>;

  /**
   * Works through everything due now (used after work is queued, and by tests); after stop() it ends with the item
   * in hand, however much is still due.
   */
  async drain(): Promise<void> {
    while (!this.stopping && (await this.runOnce())) {
      /* next */
    }
  }

  /** Looks for work soon, without waiting for the next poll. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.nudged = true;
    else this.schedule(0);
  }

  start(): void {
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.running) return this.schedule(this.pollMs());
      this.nudged = false;
      this.running = this.drain()
        .catch(this.failed)
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.nudged ? 0 : this.pollMs());
        });
    }, delayMs);
    this.timer.unref();
  }
}

/**
 * How long work that failed waits before it is tried again (an email, a reply job): 30 s after the first attempt,
 * doubling, up to `maxMs`.
 */
export function backoffMs(attempts: number, maxMs: number): number {
  return Math.min(maxMs, 30_000 * 2 ** Math.max(0, attempts - 1));
}
