import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { backoffMs, PolledWorker } from '../../lib/polled-worker';
import type { SessionUser } from '../../plugins/auth';
import { recordAudit } from '../audit';
import {
  renderMail,
  type AccountMailKind,
  type MailValues,
  type NoticeMailKind,
  type NoticeValues,
} from './templates';
import type { MailTransport } from './transport';

type Executor = Pick<Database, 'insert'>;

/** An email to write: an account email from its values, or a notification email with its unsubscribe headers. */
export type QueuedMail = { to: string; locale: Locale } & (
  | { kind: AccountMailKind; values: MailValues; headers?: undefined }
  | { kind: NoticeMailKind; values: NoticeValues; headers: Record<string, string> }
);

/**
 * Where the app's emails go: rows of the outbox, written with the change that causes them (pass the transaction).
 * `enabled` is false when MAIL_DISABLED=true says on purpose that no email is sent.
 */
export type Outbox = {
  enabled: boolean;
  add: (tx: Executor, mail: QueuedMail) => Promise<void>;
  /** Called after the transaction commits: this instance's sender looks at once instead of at its next poll. */
  queued: () => void;
};

export function createOutbox(enabled: boolean, onQueued: () => void = () => undefined): Outbox {
  return {
    enabled,
    add: async (tx, mail) => {
      if (!enabled) return;
      const rendered = renderMail(mail.kind, mail.locale, mail.values);
      await tx.insert(mailOutbox).values({
        kind: mail.kind,
        toAddress: mail.to,
        locale: mail.locale,
        headers: mail.headers ?? null,
        ...rendered,
      });
    },
    queued: onQueued,
  };
}

export type SenderOptions = {
  /** How often to look for due emails when nothing nudges the sender. */
  pollMs: number;
  /** How long a claimed email stays with its sender; after that another sender may take it. */
  leaseMs: number;
  /** Retries wait 30 s, 1 min, 2 min, ... up to this long. */
  maxBackoffMs: number;
  /** An email not sent within this long of being written is marked failed. */
  giveUpAfterMs: number;
  /** Emails claimed and sent at once. */
  batch: number;
};

const DEFAULTS: SenderOptions = {
  pollMs: 5_000,
  leaseMs: 120_000,
  maxBackoffMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  batch: 20,
};

type ClaimedMail = {
  id: number;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string> | null;
  attempts: number;
};

const interval = (ms: number) => sql`${`${ms} milliseconds`}::interval`;

/**
 * Sends the outbox. Any number of instances run one each: an email is claimed with a lease (`for update skip
 * locked`), so it leaves once; a refused or failed send waits with backoff and is tried again until 24 hours after
 * it was written, then it is marked failed for an admin to see (and retry).
 */
export class MailSender extends PolledWorker {
  private readonly options: SenderOptions;

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    options: Partial<SenderOptions> = {},
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {
    super(
      () => this.options.pollMs,
      (error) => log('The email sender failed', error),
    );
    this.options = { ...DEFAULTS, ...options };
  }

  /** Claims a batch of due emails and sends them. Returns whether there were any. */
  async runOnce(): Promise<boolean> {
    const { leaseMs, batch } = this.options;
    const claimed = await this.db.execute<ClaimedMail>(sql`
      update mail_outbox set status = 'sending', attempts = attempts + 1, locked_until = now() + ${interval(leaseMs)}
      where id in (
        select id from mail_outbox
        where run_after <= now()
          and (status = 'pending' or (status = 'sending' and locked_until < now()))
        order by run_after, id
        limit ${batch}
        for update skip locked)
      returning id, to_address, subject, text, html, headers, attempts`);
    await Promise.all(claimed.rows.map((row) => this.send(row)));
    return claimed.rows.length > 0;
  }

  private async send(row: ClaimedMail): Promise<void> {
    // Only while the claim is still this sender's: one that outlived its lease leaves the row to whoever took it.
    const stillMine = sql`id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`;
    try {
      await this.transport.send({
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers ?? undefined,
      });
    } catch (error) {
      const { giveUpAfterMs, maxBackoffMs } = this.options;
      const wait = backoffMs(row.attempts, maxBackoffMs);
      const message = String((error as Error)?.message ?? error).slice(0, 500);
      this.log(`Email ${row.id} was not sent (attempt ${row.attempts})`, message);
      await this.db.execute(sql`
        update mail_outbox set
          status = case when now() + ${interval(wait)} > created_at + ${interval(giveUpAfterMs)}
            then 'failed' else 'pending' end,
          run_after = now() + ${interval(wait)}, locked_until = null, last_error = ${message}
        where ${stillMine}`);
      return;
    }
    // The body and headers may carry a link's token, and a subject a question's or chat's title: once sent, none of
    // them is kept (the kind, the address and the time are).
    await this.db
      .update(mailOutbox)
      .set({
        status: 'sent',
        sentAt: sql`now()`,
        lockedUntil: null,
        lastError: null,
        subject: '',
        text: '',
        html: '',
        headers: null,
      })
      .where(stillMine);
  }
}

/** Emails that failed for good, newest first, with the last error: what an admin looks at. */
export async function listFailedMail(db: Database, limit = 100) {
  const rows = await db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      to: mailOutbox.toAddress,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'failed'))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function failedMailCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'failed'));
  return row?.n ?? 0;
}

/**
 * Puts a failed email back in the queue, due now, with a fresh 24 hours, on the audit log. Returns whether there
 * was one.
 */
export async function retryMail(db: Database, admin: SessionUser, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(mailOutbox)
      .set({ status: 'pending', runAfter: sql`now()`, createdAt: sql`now()`, attempts: 0 })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
      .returning({ to: mailOutbox.toAddress, kind: mailOutbox.kind });
    if (!row) return false;
    await recordAudit(tx, admin, {
      action: 'email.retry',
      targetType: 'email',
      targetId: String(id),
      targetLabel: `${row.kind} → ${row.to}`,
    });
    return true;
  });
}
