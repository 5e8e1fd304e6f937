import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect } from 'vitest';
import { testConfig, useTestApp, type EnvOverrides, type TestContext } from './helpers';
import { ResetRequests } from '../modules/auth';
import {
  createOutbox,
  MailSender,
  type Outbox,
  type SenderOptions,
  smtpTransport,
  type MailTransport,
} from '../modules/mail';

/** A message the SMTP server accepted, as a mail program reads it. */
export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
  lang?: string;
};

/**
 * A real SMTP server in the test process (smtp-server from npm). `refuse(n)` makes it refuse the next n messages
 * with a temporary error, as a relay does when it is busy.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let toRefuse = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse -= 1;
          const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed: ParsedMail) => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              raw,
              lang: /<html lang="([\w-]+)"/.exec(typeof parsed.html === 'string' ? parsed.html : '')?.[1],
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (count: number) => {
      toRefuse = count;
    },
    /** The emails to one address so far. */
    to: (address: string) => received.filter((mail) => mail.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** A clock the test moves: emailed links are issued and checked at its time. */
export function testClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms: number) => {
      offsetMs += ms;
    },
    reset: () => {
      offsetMs = 0;
    },
  };
}

export type MailTestContext = TestContext & {
  smtp: SmtpServer;
  outbox: Outbox;
  sender: MailSender;
  clock: ReturnType<typeof testClock>;
  /** The password reset worker of this app (main.ts runs one per instance). */
  resets: ResetRequests;
  /** Answers the password resets asked for, then sends every due email. */
  deliver: () => Promise<void>;
};

/** One database, one app, one SMTP server and one sender per test file. */
export function useMailApp(overrides: EnvOverrides = {}, senderOptions: Partial<SenderOptions> = {}) {
  const clock = testClock();
  const outbox = createOutbox(true);
  const context = Object.assign(useTestApp(overrides, false, { outbox, clock: clock.now }), {
    clock,
    outbox,
  }) as MailTestContext;
  let transport: MailTransport | undefined;
  beforeAll(async () => {
    context.smtp = await startSmtpServer();
    transport = smtpTransport(context.smtp.url, testConfig(context.database.url, overrides).mail.from);
    context.sender = new MailSender(context.db, transport, senderOptions);
    context.resets = new ResetRequests({
      db: context.db,
      outbox,
      linkBase: testConfig(context.database.url, overrides).linkBase,
      clock: clock.now,
    });
    context.deliver = async () => {
      await context.resets.drain();
      await context.sender.drain();
    };
  });
  afterAll(async () => {
    // The pool keeps its connections open until closed, and the server would wait for them.
    transport?.close();
    await context.smtp?.close();
  });
  return context;
}

/** The link an email carries to one of the app's pages, and its token. */
export function linkIn(mail: ReceivedMail | undefined, page: string): { url: string; token: string } {
  expect(mail, `an email with a /${page} link`).toBeDefined();
  const match = new RegExp(`https?://[^\\s"<>]+/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail!.text);
  expect(match, `a /${page} link in:\n${mail!.text}`).not.toBeNull();
  return { url: match![0], token: match![1]! };
}

export async function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers });
}
