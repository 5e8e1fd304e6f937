import { describe, expect, it, vi } from 'vitest';
import { PolledWorker } from './polled-worker';

/** A worker that always finds more work: each item takes a few milliseconds. */
class Endless extends PolledWorker {
  done = 0;
  constructor() {
    super(
      () => 60_000,
      () => undefined,
    );
  }
  async runOnce(): Promise<boolean> {
    await new Promise((resolve) => setTimeout(resolve, 5));
    this.done += 1;
    return true;
  }
}

describe('a polled worker', () => {
  it('stops when asked, after the item in hand, even while more work is due', async () => {
    const worker = new Endless();
    worker.start();
    await vi.waitFor(() => expect(worker.done).toBeGreaterThan(0));
    await worker.stop();
    const doneAtStop = worker.done;
    expect(doneAtStop).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(worker.done).toBe(doneAtStop);
  });
});
