import { desc, eq, sql } from 'drizzle-orm';
import type { ChloeReplyStatus } from '../../../shared/schemas/ai';
import type { Database } from '../../db/client';
import { chloeReplyJobs, questions } from '../../db/schema';
import type { SessionUser } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { addAiReply } from '../questions';
import { answerText } from './chloe';
import { chloeNoReply } from './events';
import { recordMiss } from './misses';
import type { Embedder } from './embeddings';
import type { ChatProvider } from './providers';
import { backoffMs, PolledWorker } from '../../lib/polled-worker';
import { messageLocale } from '../../lib/text';

export type ReplierOptions = {
  /** How often to look for due jobs when nothing nudges the worker. */
  pollMs: number;
  /** How long a claimed job stays with its worker; after that another worker may take it. */
  leaseMs: number;
  /** Retries wait 30 s, 1 min, 2 min, ... up to this long. */
  maxBackoffMs: number;
  /** After this many failed attempts a job is left as failed for an admin to see. */
  maxAttempts: number;
};

const DEFAULTS: ReplierOptions = {
  pollMs: 15_000,
  leaseMs: 120_000,
  maxBackoffMs: 30 * 60_000,
  maxAttempts: 50,
};

/**
 * The worker that writes Chloe's replies in the feed. Jobs live in PostgreSQL: a job is claimed with a lease
 * (`for update skip locked`, so several workers never take the same one), urgent questions first; a failure is
 * retried with backoff, so a question asked while the model is down is answered when it is back. The unique index
 * on Chloe's replies keeps it to one reply per question even if a job runs twice.
 */
export class ChloeReplier extends PolledWorker {
  private readonly options: ReplierOptions;

  constructor(
    private readonly db: Database,
    private readonly provider: ChatProvider,
    options: Partial<ReplierOptions> = {},
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
    private readonly embedder?: Embedder,
  ) {
    super(
      () => this.options.pollMs,
      (error) => log('Chloe’s reply worker failed', error),
    );
    this.options = { ...DEFAULTS, ...options };
  }

  /** Claims the next due job, if any, and works on it. Returns whether there was one. */
  async runOnce(): Promise<boolean> {
    const { leaseMs } = this.options;
    const claimed = await this.db.execute<{ question_id: string; attempts: number }>(sql`
      update chloe_reply_jobs set status = 'running', attempts = attempts + 1,
        locked_until = now() + ${`${leaseMs} milliseconds`}::interval, updated_at = now()
      where question_id = (
        select question_id from chloe_reply_jobs
        where run_after <= now()
          and (status = 'pending' or (status = 'running' and locked_until < now()))
        order by urgent desc, created_at
        limit 1
        for update skip locked)
      returning question_id, attempts`);
    const job = claimed.rows[0];
    if (!job) return false;
    try {
      await this.reply(job.question_id);
      await this.db
        .update(chloeReplyJobs)
        .set({ status: 'done', lockedUntil: null, lastError: null, updatedAt: sql`now()` })
        .where(eq(chloeReplyJobs.questionId, job.question_id));
    } catch (error) {
      const failed = job.attempts >= this.options.maxAttempts;
      this.log(`Chloe's reply to question ${job.question_id} failed (attempt ${job.attempts})`, error);
      await this.db
        .update(chloeReplyJobs)
        .set({
          status: failed ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: String((error as Error)?.message ?? error).slice(0, 500),
          runAfter: sql`now() + ${`${backoffMs(job.attempts, this.options.maxBackoffMs)} milliseconds`}::interval`,
          updatedAt: sql`now()`,
        })
        .where(eq(chloeReplyJobs.questionId, job.question_id));
    }
    return true;
  }

  private async reply(questionId: string): Promise<void> {
    const [question] = await this.db
      .select({ title: questions.title, content: questions.content })
      .from(questions)
      .where(eq(questions.id, questionId));
    if (!question) return; // deleted meanwhile: nothing to answer
    const message = `${question.title}\n\n${question.content}`;
    const locale = messageLocale(message, 'en');
    const { text, nothingFound } = await answerText(this.db, this.provider, {
      message,
      history: [],
      pageLocale: locale,
      signal: AbortSignal.timeout(this.options.leaseMs),
      sourcesInText: true,
      embedder: this.embedder,
    });
    // With nothing to go on Chloe does not reply "I have no information": the question waits for a person, and
    // joins her misses.
    if (nothingFound) {
      await recordMiss(this.db, { question: message, locale, kind: 'nothing' });
      return chloeNoReply.publish(this.db, { q: questionId });
    }
    if (!text) throw new Error('The provider gave an empty answer');
    await addAiReply(this.db, questionId, text);
  }
}

/** Chloe's reply jobs in one state, newest first: what an admin looks at when replies are missing. */
export async function listJobs(db: Database, status: (typeof chloeReplyJobs.$inferSelect)['status']) {
  const rows = await db
    .select({
      questionId: chloeReplyJobs.questionId,
      title: questions.title,
      status: chloeReplyJobs.status,
      attempts: chloeReplyJobs.attempts,
      lastError: chloeReplyJobs.lastError,
      runAfter: chloeReplyJobs.runAfter,
      updatedAt: chloeReplyJobs.updatedAt,
    })
    .from(chloeReplyJobs)
    .innerJoin(questions, eq(questions.id, chloeReplyJobs.questionId))
    .where(eq(chloeReplyJobs.status, status))
    .orderBy(desc(chloeReplyJobs.updatedAt))
    .limit(100);
  return rows.map((row) => ({
    ...row,
    runAfter: row.runAfter.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** An admin puts a failed (or any unfinished) job back in the queue, due now, on the record. False when there is no such job. */
export async function retryJob(db: Database, admin: SessionUser, questionId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(chloeReplyJobs)
      .set({ status: 'pending', attempts: 0, runAfter: sql`now()`, lockedUntil: null, updatedAt: sql`now()` })
      .where(sql`${chloeReplyJobs.questionId} = ${questionId} and ${chloeReplyJobs.status} <> 'done'`)
      .returning({ id: chloeReplyJobs.questionId });
    if (rows.length === 0) return false;
    const [question] = await tx
      .select({ title: questions.title })
      .from(questions)
      .where(eq(questions.id, questionId));
    await recordAudit(tx, admin, {
      action: 'ai-job.retry',
      targetType: 'question',
      targetId: questionId,
      targetLabel: question?.title ?? questionId,
    });
    return true;
  });
}

/** Where Chloe's reply to a question stands (the asker's page waits for it while it is being written). */
export async function replyStatus(db: Database, questionId: string): Promise<ChloeReplyStatus> {
  const { rows } = await db.execute<{ status: string; replied: boolean }>(sql`
    select j.status,
      exists (select 1 from replies r where r.question_id = j.question_id and r.is_ai_reply) as replied
    from chloe_reply_jobs j where j.question_id = ${questionId}`);
  const job = rows[0];
  if (!job) return 'none';
  if (job.replied) return 'replied';
  if (job.status === 'failed') return 'failed';
  return job.status === 'done' ? 'no-reply' : 'answering';
}
