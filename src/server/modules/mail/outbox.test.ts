import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../../shared/constants';
import { mailEn } from '../../../shared/i18n/mail.en';
import { mailNe } from '../../../shared/i18n/mail.ne';
import { mailVi } from '../../../shared/i18n/mail.vi';
import { mailZhHans } from '../../../shared/i18n/mail.zh-Hans';
import type { AdminStats } from '../../../shared/schemas/admin';
import { MAIL_KIND_NAMES, type FailedEmail } from '../../../shared/schemas/mail';
import { createDatabase } from '../../db/client';
import { auditLog, mailOutbox, type MailKind } from '../../db/schema';
import { bearer, signUp, uniqueEmail, userWithRole } from '../../test/helpers';
import { useMailApp } from '../../test/mail';
import { createOutbox, MailSender, type QueuedMail } from './outbox';
import { renderMail, type AccountMailKind } from './templates';
import { fileTransport, smtpTransport, type MailTransport } from './transport';

const t = useMailApp();
const FROM = 'Mentor Me <no-reply@localhost>';
const LINK = 'http://localhost:5000/reset-password?token=abc';
const RETRY_MS = 30_000;

const resetMail = (to: string): QueuedMail => ({
  kind: 'reset-password',
  to,
  locale: 'en',
  values: { name: 'Ann', link: LINK },
});

async function queue(mails: QueuedMail[]): Promise<void> {
  await t.db.transaction(async (tx) => {
    for (const mail of mails) await t.outbox.add(tx, mail);
  });
}

async function rowTo(to: string) {
  const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  expect(rows, `outbox rows to ${to}`).toHaveLength(1);
  return rows[0]!;
}

/** PostgreSQL's clock, which the sender's `now()` reads. */
async function databaseNow(): Promise<Date> {
  const { rows } = await t.db.execute<{ now: Date | string }>(sql`select now() as now`);
  return new Date(rows[0]!.now);
}

/**
 * Sends whatever else is due first (the verification emails of the accounts a test signs up), so that a refusal
 * set next meets the test's own email.
 */
async function refuseNext(count: number): Promise<void> {
  await t.deliver();
  t.smtp.refuse(count);
}

describe('queueing an email', () => {
  it('sends nothing for a transaction that rolls back', async () => {
    const to = uniqueEmail('rolled-back');
    await expect(
      t.db.transaction(async (tx) => {
        await t.outbox.add(tx, resetMail(to));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.deliver();
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).toEqual([]);
    expect(t.smtp.to(to)).toEqual([]);
  });

  it('sends a committed email once, to its recipient, with a text and an HTML part', async () => {
    const to = uniqueEmail('committed');
    await queue([resetMail(to)]);
    await t.deliver();
    await t.deliver();
    const received = t.smtp.to(to);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.to).toEqual([to]);
    expect(mail!.subject).toBe(mailEn.resetPassword.subject);
    expect(mail!.text).toContain('Hello Ann,');
    expect(mail!.text).toContain(`${LINK}&lang=en`);
    expect(mail!.html).toContain(`href="${LINK}&#38;lang=en"`);
    expect(mail!.lang).toBe('en');
    expect(mail!.raw).toMatch(/^Content-Type: multipart\/alternative/im);
    expect(mail!.raw).toMatch(/^From: Mentor Me <no-reply@localhost>/im);
  });

  it('marks a sent email sent and keeps no body, which may carry a token', async () => {
    const to = uniqueEmail('cleared');
    const before = await databaseNow();
    await queue([resetMail(to)]);
    await t.deliver();
    const row = await rowTo(to);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      text: '',
      html: '',
      subject: '',
      lockedUntil: null,
      lastError: null,
    });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.sentAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });

  it('writes nothing when email is off on purpose', async () => {
    const to = uniqueEmail('disabled');
    const off = createOutbox(false);
    expect(off.enabled).toBe(false);
    await t.db.transaction((tx) => off.add(tx, resetMail(to)));
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).toEqual([]);
  });
});

describe('a refused email', () => {
  it('waits 30 s, then goes out exactly once', async () => {
    const to = uniqueEmail('refused');
    await refuseNext(1);
    await queue([resetMail(to)]);
    const before = await databaseNow();
    await t.sender.drain();
    const after = await databaseNow();

    expect(t.smtp.to(to)).toEqual([]);
    const row = await rowTo(to);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(row.lastError).toMatch(/Mailbox busy/);
    // The retry is due 30 s after the attempt, which happened between the two readings of the clock.
    expect(row.runAfter.getTime()).toBeGreaterThanOrEqual(before.getTime() + RETRY_MS);
    expect(row.runAfter.getTime()).toBeLessThanOrEqual(after.getTime() + RETRY_MS);
    expect(row.runAfter.getTime()).toBeGreaterThan(after.getTime());

    // Not due yet: a drain leaves it alone.
    await t.sender.drain();
    expect(t.smtp.to(to)).toEqual([]);
    expect((await rowTo(to)).attempts).toBe(1);

    await t.db.execute(
      sql`update mail_outbox set run_after = now() - interval '1 second' where id = ${row.id}`,
    );
    await t.sender.drain();
    await t.sender.drain();
    expect(t.smtp.to(to)).toHaveLength(1);
    expect(t.smtp.to(to)[0]!.subject).toBe(mailEn.resetPassword.subject);
    expect(await rowTo(to)).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
      text: '',
      html: '',
    });
  });
});

describe('an email still failing after 24 hours', () => {
  const stats = async (token: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminStats>();
  };
  const failedList = async (token: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/emails', headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ emails: FailedEmail[] }>().emails;
  };
  const retry = (id: number | string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/admin/emails/${id}/retry`, headers });

  it('is failed, shown to admins only, and sent again when an admin retries it', async () => {
    const admin = await userWithRole(t.app, t.db, 'admin');
    const student = await signUp(t.app);
    const failedBefore = (await stats(admin.token)).failedEmails;

    const to = uniqueEmail('late');
    await refuseNext(1);
    await queue([resetMail(to)]);
    await t.db.execute(
      sql`update mail_outbox set created_at = now() - interval '25 hours' where to_address = ${to}`,
    );
    await t.sender.drain();
    const row = await rowTo(to);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toMatch(/Mailbox busy/);

    // Failed for good: even when its time has come, a drain does not touch it.
    await t.db.execute(
      sql`update mail_outbox set run_after = now() - interval '1 hour' where id = ${row.id}`,
    );
    await t.sender.drain();
    expect(t.smtp.to(to)).toEqual([]);
    expect(await rowTo(to)).toMatchObject({ status: 'failed', attempts: 1 });

    expect((await stats(admin.token)).failedEmails).toBe(failedBefore + 1);
    const listed = (await failedList(admin.token)).find((email) => email.id === row.id);
    expect(listed).toMatchObject({ kind: 'reset-password', to, attempts: 1 });
    expect(listed!.lastError).toMatch(/Mailbox busy/);
    expect(Number.isNaN(Date.parse(listed!.createdAt))).toBe(false);

    const asStudent = await t.app.inject({
      method: 'GET',
      url: '/api/admin/emails',
      headers: bearer(student.token),
    });
    expect(asStudent.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/emails' })).statusCode).toBe(401);
    expect((await retry(row.id, bearer(student.token))).statusCode).toBe(403);
    expect((await retry(row.id)).statusCode).toBe(401);
    expect((await rowTo(to)).status).toBe('failed');

    const retried = await retry(row.id, bearer(admin.token));
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ ok: true });
    expect(await rowTo(to)).toMatchObject({ status: 'pending', attempts: 0 });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email.retry'), eq(auditLog.targetId, String(row.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: admin.user.id, targetType: 'email' });
    expect(audit[0]!.targetLabel).toContain(to);
    expect((await stats(admin.token)).failedEmails).toBe(failedBefore);

    await t.sender.drain();
    expect(t.smtp.to(to)).toHaveLength(1);
    expect(await rowTo(to)).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await failedList(admin.token)).some((email) => email.id === row.id)).toBe(false);

    // Only a failed email can be retried; the second retry finds none, and writes no audit entry.
    const again = await retry(row.id, bearer(admin.token));
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBeDefined();
    const unknown = await retry(2_000_000_000, bearer(admin.token));
    expect(unknown.statusCode).toBe(404);
    for (const bad of ['abc', '0', '-3', '1.5']) {
      expect((await retry(bad, bearer(admin.token))).statusCode, bad).toBe(400);
    }
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email.retry'), eq(auditLog.targetId, String(row.id))));
    expect(audited).toHaveLength(1);
    expect(t.smtp.to(to)).toHaveLength(1);
  });
});

describe('two senders on one outbox', () => {
  it('deliver 200 emails between them, each exactly once', async () => {
    const recipients = Array.from({ length: 200 }, (_, i) => uniqueEmail(`burst${i}`));
    await t.deliver();
    await queue(recipients.map(resetMail));

    const pools = [createDatabase(t.database.url, { max: 3 }), createDatabase(t.database.url, { max: 3 })];
    const transports = pools.map(() => smtpTransport(t.smtp.url, FROM));
    const sentBy = [0, 0];
    // The first sender holds its first claim until the second has sent one: the two are certain to overlap.
    let secondHasSent!: () => void;
    const overlap = new Promise<void>((resolve) => (secondHasSent = resolve));
    const counted = (i: number, gate?: Promise<void>): MailTransport => ({
      describe: transports[i]!.describe,
      close: () => transports[i]!.close(),
      send: async (mail) => {
        await gate;
        await transports[i]!.send(mail);
        sentBy[i]! += 1;
        if (i === 1) secondHasSent();
      },
    });
    const senders = [
      new MailSender(pools[0]!, counted(0, overlap), { batch: 10 }),
      new MailSender(pools[1]!, counted(1), { batch: 10 }),
    ];
    try {
      await Promise.all(senders.map((sender) => sender.drain()));
    } finally {
      for (const transport of transports) transport.close();
      await Promise.all(pools.map((pool) => pool.$client.end()));
    }

    const wanted = new Set(recipients);
    const perRecipient = new Map<string, number>();
    for (const mail of t.smtp.received) {
      for (const address of mail.to) {
        if (wanted.has(address)) perRecipient.set(address, (perRecipient.get(address) ?? 0) + 1);
      }
    }
    expect(perRecipient.size).toBe(200);
    expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
    expect(sentBy[0]! + sentBy[1]!).toBe(200);
    expect(sentBy[0]).toBeGreaterThan(0);
    expect(sentBy[1]).toBeGreaterThan(0);
    // Claimed once each: a second claim would have counted a second attempt.
    const rows = await t.db
      .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(inArray(mailOutbox.toAddress, recipients));
    expect(rows).toHaveLength(200);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});

describe('the file transport', () => {
  it('writes one .eml file per email, which a mail program reads', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mentorme-mail-'));
    try {
      const transport = fileTransport(dir, FROM);
      const reset = renderMail('reset-password', 'en', { name: 'Ann', link: LINK });
      const notice = renderMail('email-change-notice', 'vi', {
        name: 'Bình',
        link: LINK,
        newEmail: 'new@example.com',
      });
      await transport.send({ to: 'ann@example.com', ...reset });
      await transport.send({ to: 'binh@example.com', ...notice });
      transport.close();

      const files = await readdir(dir);
      expect(files).toHaveLength(2);
      expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
      const parsed = await Promise.all(
        files.map(async (file) => simpleParser(await readFile(path.join(dir, file)))),
      );
      const bySubject = new Map(parsed.map((mail) => [mail.subject, mail]));
      const first = bySubject.get(mailEn.resetPassword.subject);
      const second = bySubject.get(mailVi.emailChangeNotice.subject);
      expect(first?.text).toContain(LINK);
      expect(first?.text).toContain('Hello Ann,');
      expect(first?.from?.value).toEqual([{ name: 'Mentor Me', address: 'no-reply@localhost' }]);
      expect(first?.to && !Array.isArray(first.to) && first.to.value[0]?.address).toBe('ann@example.com');
      expect(second?.text).toContain('Xin chào Bình,');
      expect(second?.text).toContain('new@example.com');
      expect(typeof second?.html === 'string' && second.html).toContain('lang="vi"');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('renderMail', () => {
  const texts: Record<Locale, typeof mailEn> = { en: mailEn, vi: mailVi, 'zh-Hans': mailZhHans, ne: mailNe };
  // Another language's text, which must not be in the mail.
  const other = (locale: Locale): Locale => (locale === 'en' ? 'vi' : 'en');
  const blocks = {
    'verify-email': 'verifyEmail',
    'change-email': 'changeEmail',
    'email-change-notice': 'emailChangeNotice',
    'email-change-attempt': 'emailChangeAttempt',
    'reset-password': 'resetPassword',
  } as const satisfies Record<AccountMailKind, keyof typeof mailEn>;
  const withLink = new Set<MailKind>([
    'verify-email',
    'change-email',
    'email-change-notice',
    'reset-password',
  ]);
  /** Sent to an address the account has not shown to be its own: no text the account chose. */
  const greetsNobody = new Set<MailKind>(['change-email']);
  const name = '<b>Ann</b>';
  const link = 'https://x.example/verify-email?token=T0k3nValue';
  const newEmail = 'new-address@example.com';
  // Notification emails have their own tests (modules/notifications/email.test.ts).
  const accountKinds = MAIL_KIND_NAMES.filter((kind): kind is AccountMailKind => kind in blocks);
  const cases = accountKinds.flatMap((kind) => LOCALES.map((locale) => [kind, locale] as const));

  it.each(cases)('writes %s in %s', (kind, locale) => {
    const block = texts[locale][blocks[kind]];
    const foreign = texts[other(locale)][blocks[kind]];
    const fill = (text: string) => text.replace('{{name}}', name).replace('{{newEmail}}', newEmail);
    const mail = renderMail(kind, locale, { name, link, newEmail });

    expect(mail.subject).toBe(block.subject);
    if (greetsNobody.has(kind)) {
      expect(mail.text).toContain(texts[locale].greetingPlain);
      expect(mail.text).not.toContain('Ann');
    } else expect(mail.text).toContain(fill(texts[locale].greeting));
    expect(mail.text).toContain(fill(block.intro));
    expect(mail.text).toContain(block.notYou);
    expect(mail.text).not.toContain(fill(foreign.intro));
    expect(mail.text).not.toContain('{{');
    expect(mail.html).toContain(`<html lang="${locale}" dir="ltr">`);
    expect(mail.html).not.toContain(name);
    if (!greetsNobody.has(kind))
      expect(mail.html).toMatch(/(&lt;|&#60;)b(&gt;|&#62;)Ann(&lt;|&#60;)\/b(&gt;|&#62;)/);

    if (withLink.has(kind)) {
      const action = (block as { action: string }).action;
      // The link opens its page in the email's language.
      expect(mail.text).toContain(`${link}&lang=${locale}`);
      expect(mail.html).toContain(`href="${link}&#38;lang=${locale}"`);
      expect(mail.text).toContain(action);
      expect(mail.html).toContain(action);
    } else {
      expect(mail.text).not.toContain('T0k3nValue');
      expect(mail.html).not.toContain('T0k3nValue');
      expect(mail.html).not.toContain('href=');
    }
    if (kind === 'email-change-notice') expect(mail.text).toContain(newEmail);
  });

  it('refuses a kind that needs a link without one', () => {
    for (const kind of withLink) expect(() => renderMail(kind, 'en', { name: 'Ann' })).toThrow(/link/);
    expect(renderMail('email-change-attempt', 'en', { name: 'Ann' }).subject).toBe(
      mailEn.emailChangeAttempt.subject,
    );
  });

  it('keeps a link’s quotes and ampersands inside its attribute', () => {
    const tricky = 'https://x.example/verify-email?token=a&b="><script>';
    const { html } = renderMail('verify-email', 'en', { name: 'Ann', link: tricky });
    expect(html).not.toContain('<script>');
    const hrefs = [...html.matchAll(/href="([^"]*)" style=/g)].map((match) => match[1]!);
    expect(hrefs).toHaveLength(2);
    for (const href of hrefs) {
      expect(href.startsWith('https://x.example/verify-email?token=a')).toBe(true);
      expect(href).not.toMatch(/[<>]/);
    }
  });
});
