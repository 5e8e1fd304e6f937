import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

/** One email as the outbox hands it over; `headers` are extra ones (List-Unsubscribe on notification emails). */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};
/** Delivers one email or throws; the outbox retries what throws. */
export type MailTransport = {
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
  describe: string;
};

/** An SMTP relay by its address (`smtp://user:password@host:587`, `smtps://…:465`). */
export function smtpTransport(url: string, from: string): MailTransport {
  // A pool keeps a few connections open: a burst of emails does not open one connection each.
  // Timeouts well inside the outbox's 2-minute lease: a hung relay fails the send instead of outliving the claim.
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  const shown = new URL(url);
  return {
    describe: `SMTP at ${shown.hostname}:${shown.port || (shown.protocol === 'smtps:' ? 465 : 587)}`,
    send: async (mail) => {
      await transporter.sendMail({ from, ...mail });
    },
    close: () => transporter.close(),
  };
}

/** A local trial: each email becomes an .eml file (any mail program opens one) in `dir`. */
export function fileTransport(dir: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  let made: Promise<unknown> | undefined;
  return {
    describe: `.eml files in ${dir}`,
    send: async (mail) => {
      const info = await transporter.sendMail({ from, ...mail });
      await (made ??= mkdir(dir, { recursive: true }));
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(path.join(dir, `${stamp}-${process.pid}-${sequence}.eml`), info.message as Buffer);
    },
    close: () => transporter.close(),
  };
}

/** The configured transport, or undefined when email is off on purpose (MAIL_DISABLED=true). */
export function configuredTransport(config: Config): MailTransport | undefined {
  if (config.mail.disabled) return undefined;
  return config.mail.url
    ? smtpTransport(config.mail.url, config.mail.from)
    : fileTransport(config.mail.dir, config.mail.from);
}
