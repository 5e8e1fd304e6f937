/**
 * Outgoing email: 1,000 emails through the outbox (each row written in its own transaction, ten at a time, as
 * requests write them; then a MailSender drains them over the SMTP pool) beside Nodemailer handing the same 1,000
 * emails straight to the same pooled transport, the baseline of sending with no outbox. Both go to an smtp-server
 * started in this process, which must receive every email exactly once in each arm.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../src/server/db/client';
import { createOutbox, MailSender, type QueuedMail } from '../src/server/modules/mail/outbox';
import { renderMail } from '../src/server/modules/mail/templates';
import { smtpTransport } from '../src/server/modules/mail/transport';

const EMAILS = Number(process.env.BENCH_MAIL_COUNT ?? 1_000);
const WARM_UP = 50;
const WRITERS = 10;
const FROM = 'Mentor Me <no-reply@mail-bench.example>';
/** The bench's recipients: its rows are found, and removed, by this domain. */
const DOMAIN = 'mail-bench.example';

/** Accepts every message and counts it by recipient; a body is read to its end, not parsed. */
async function startSink() {
  const received = new Map<string, number>();
  let messages = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Both arms close their pools before the sink closes; nothing should be left to wait for.
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      stream.on('end', () => {
        messages += 1;
        for (const { address } of session.envelope.rcptTo)
          received.set(address, (received.get(address) ?? 0) + 1);
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    reset: () => {
      received.clear();
      messages = 0;
    },
    /** Throws unless each of `recipients` got exactly one message, and nothing else arrived. */
    check: (arm: string, recipients: string[]) => {
      const once = recipients.filter((to) => received.get(to) === 1).length;
      if (messages !== recipients.length || once !== recipients.length) {
        throw new Error(
          `${arm}: the SMTP server received ${messages} messages, ${once} of the ${recipients.length} recipients exactly once`,
        );
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const emails = (run: string, arm: string, count: number): QueuedMail[] =>
  Array.from({ length: count }, (_, i) => ({
    kind: 'reset-password',
    to: `${arm}-${run}-${i}@${DOMAIN}`,
    locale: i % 2 ? 'vi' : 'en',
    values: { name: `Bench ${i}`, link: `http://localhost:5000/reset-password?token=${run}${i}` },
  }));

/** The outbox arm: write the rows, then drain them. */
async function throughOutbox(db: Database, url: string, batch: QueuedMail[]) {
  const outbox = createOutbox(true);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < batch.length) {
        const mail = batch[next++]!;
        await db.transaction((tx) => outbox.add(tx, mail));
      }
    }),
  );
  const queued = performance.now();
  const transport = smtpTransport(url, FROM);
  const errors: string[] = [];
  const sender = new MailSender(db, transport, {}, (message, error) =>
    errors.push(`${message}: ${String(error)}`),
  );
  try {
    await sender.drain();
  } finally {
    transport.close();
  }
  if (errors.length) throw new Error(`outbox: ${errors.length} sends failed, first: ${errors[0]}`);
  const done = performance.now();
  return { queueMs: queued - started, drainMs: done - queued, totalMs: done - started };
}

/** The baseline: every email handed to the pooled transport at once, as a request that sends would. */
async function direct(url: string, batch: QueuedMail[]) {
  const rendered = batch.map((mail) => ({ to: mail.to, ...renderMail(mail.kind, mail.locale, mail.values) }));
  const transport = smtpTransport(url, FROM);
  const started = performance.now();
  try {
    await Promise.all(rendered.map((mail) => transport.send(mail)));
  } finally {
    transport.close();
  }
  return { totalMs: performance.now() - started };
}

async function removeBenchRows(db: Database): Promise<void> {
  await db.execute(sql`delete from mail_outbox where to_address like ${`%@${DOMAIN}`}`);
}

export async function benchMail(db: Database): Promise<string[]> {
  await removeBenchRows(db);
  // The sender takes every due email: refuse to run where it would send (and mark sent) someone's real mail.
  const [waiting] = (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where status in ('pending', 'sending')`,
    )
  ).rows;
  if (waiting && waiting.n > 0) {
    throw new Error(
      `mail bench: the outbox holds ${waiting.n} unsent emails; run it on a database without them`,
    );
  }
  const sink = await startSink();
  const run = randomUUID().slice(0, 8);
  try {
    // Warm-up of both arms: the JIT, the pools and PostgreSQL's caches settle for both alike.
    await direct(sink.url, emails(run, 'warm-direct', WARM_UP));
    await throughOutbox(db, sink.url, emails(run, 'warm-outbox', WARM_UP));
    await removeBenchRows(db);

    const directBatch = emails(run, 'direct', EMAILS);
    sink.reset();
    const baseline = await direct(sink.url, directBatch);
    const directReceived = sink.check(
      'direct',
      directBatch.map((mail) => mail.to),
    );

    const outboxBatch = emails(run, 'outbox', EMAILS);
    sink.reset();
    const measured = await throughOutbox(db, sink.url, outboxBatch);
    const outboxReceived = sink.check(
      'outbox',
      outboxBatch.map((mail) => mail.to),
    );

    const rate = (ms: number) => `${((EMAILS * 1000) / ms).toFixed(0).padStart(6)} emails/s`;
    const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;
    return [
      `mail: ${EMAILS} emails to a local SMTP server through the app's pooled SMTP transport`,
      `${'direct Nodemailer (baseline)'.padEnd(34)} ${ms(baseline.totalMs)}   ${rate(baseline.totalMs)}   received ${directReceived}`,
      `${'outbox: queue + drain'.padEnd(34)} ${ms(measured.totalMs)}   ${rate(measured.totalMs)}   received ${outboxReceived}`,
      `${'  queue (10 writers)'.padEnd(34)} ${ms(measured.queueMs)}   ${rate(measured.queueMs)}`,
      `${'  drain (one MailSender)'.padEnd(34)} ${ms(measured.drainMs)}   ${rate(measured.drainMs)}`,
      `${'ratio outbox / direct (total, drain)'.padEnd(34)} ${(measured.totalMs / baseline.totalMs).toFixed(2)}, ${(measured.drainMs / baseline.totalMs).toFixed(2)}`,
    ];
  } finally {
    await removeBenchRows(db);
    await sink.close();
  }
}
