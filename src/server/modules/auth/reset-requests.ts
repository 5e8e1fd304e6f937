import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResetRequests } from '../../db/schema';
import { PolledWorker } from '../../lib/polled-worker';
import { mailResetLink, type LinkDeps } from './email-links';

/** How often the worker looks, with some spread so its work never lines up with the requests that caused it. */
const POLL_MS = { min: 1_000, spread: 2_000 };

/**
 * Notes a password reset someone asked for. It is the same single row for every address, known or not; whether a
 * link is sent is decided later by the reset worker, away from this request and the next one from the same caller.
 */
export async function askForReset(db: Database, email: string): Promise<void> {
  await db.insert(passwordResetRequests).values({ email });
}

/**
 * Answers the password resets asked for: a link to each known address that may have one. Every instance runs one;
 * each request is claimed by one (`for update skip locked`) and removed in the transaction that mails its link.
 * Nobody nudges it: it looks on its own schedule.
 */
export class ResetRequests extends PolledWorker {
  constructor(
    private readonly deps: LinkDeps,
    log: (message: string, error?: unknown) => void = () => undefined,
  ) {
    super(
      () => POLL_MS.min + Math.random() * POLL_MS.spread,
      (error) => log('The password reset worker failed', error),
    );
  }

  async runOnce(): Promise<boolean> {
    const found = await this.deps.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ email: string }>(sql`
        delete from ${passwordResetRequests}
        where id = (select id from ${passwordResetRequests} order by id limit 1 for update skip locked)
        returning email`);
      const [request] = rows;
      if (!request) return false;
      if (this.deps.outbox.enabled) await mailResetLink(this.deps, tx, request.email);
      return true;
    });
    if (found) this.deps.outbox.queued();
    return found;
  }
}
