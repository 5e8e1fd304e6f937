import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { pagesVi } from '../../../shared/i18n/pages.vi';
import type { AdminReport, ReportStatus } from '../../../shared/schemas/admin';
import { migrationsFolder } from '../../db/client';
import { auditLog, conversations, messages, questions, replies, reports, users } from '../../db/schema';
import { createUser, insertQuestions, insertReply } from '../questions/questions.test-helpers';
import { UNKNOWN_ID, useAdminApp } from '../admin/admin.test-helpers';

const { t, api, admin, alice, bob, mentor } = useAdminApp();

const question = async (title: string) =>
  (
    await insertQuestions(t.db, [
      { authorId: bob.id, title, content: `${title}: the details.`, replyCount: 0 },
    ])
  )[0]!;
/** The newest report on an item: the id its queue row carries. */
const reportId = async (targetId: string) =>
  (
    await t.db.select().from(reports).where(eq(reports.targetId, targetId)).orderBy(desc(reports.createdAt))
  )[0]!.id;
/** The item's row in a status's list, found by the ids of the reports on it. */
async function row(targetId: string, status: ReportStatus): Promise<AdminReport | undefined> {
  const ids = new Set(
    (await t.db.select({ id: reports.id }).from(reports).where(eq(reports.targetId, targetId))).map(
      (r) => r.id,
    ),
  );
  return (await api().reports(admin, status)).reports.find((r) => ids.has(r.id));
}
const pending = async () => (await api().stats(admin)).pendingReports;
const lastAudit = async () => (await api().audit(admin)).entries[0];
const exists = async (table: typeof questions | typeof replies | typeof messages, id: string) =>
  (await t.db.select({ n: count() }).from(table).where(eq(table.id, id)))[0]!.n === 1;

async function chatWith(lines: string[]) {
  const student = await createUser(t.db, { displayName: 'Chat Student' });
  const conversation = await api().chat(student, mentor.id, 'Job offer');
  const sent = [];
  for (const [i, line] of lines.entries())
    sent.push(await api().say(i % 2 === 0 ? student : mentor, conversation.id, line));
  return { student, conversation, sent };
}

describe('dismissing a report', () => {
  it('keeps the content, moves the row to dismissed, lowers the pending count, and is on the record', async () => {
    const reported = await question('Is this job offer real?');
    await api().report(alice, 'question', reported.id, 'spam');
    await api().report(mentor, 'question', reported.id, 'misleading');
    const before = await pending();
    // Any open report of the item acts on all of them: here the older one.
    const [older] = await t.db
      .select()
      .from(reports)
      .where(eq(reports.targetId, reported.id))
      .orderBy(reports.createdAt);
    const response = await api().decide(admin, older!.id, { action: 'dismiss', reason: 'A real employer' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    expect(await exists(questions, reported.id)).toBe(true);
    expect(await row(reported.id, 'open')).toBeUndefined();
    expect(await row(reported.id, 'dismissed')).toMatchObject({
      status: 'dismissed',
      reporterCount: 2,
      removed: false,
      content: { title: 'Is this job offer real?' },
      link: `/questions/${reported.id}`,
    });
    expect(await pending()).toBe(before - 1);
    const rows = await t.db.select().from(reports).where(eq(reports.targetId, reported.id));
    expect(rows.map((r) => [r.status, r.resolvedBy])).toEqual([
      ['dismissed', admin.id],
      ['dismissed', admin.id],
    ]);
    expect(await lastAudit()).toMatchObject({
      action: 'report.dismiss',
      targetType: 'question',
      targetId: reported.id,
      targetLabel: 'Is this job offer real?',
      reason: 'A real employer',
    });
  });
});

describe('removing reported content', () => {
  it('deletes a question and keeps what it said on the resolved row', async () => {
    const reported = await question('Buy a visa here');
    await api().report(alice, 'question', reported.id, 'spam', 'Scam');
    const before = await pending();
    const response = await api().decide(admin, await reportId(reported.id), {
      action: 'remove',
      reason: 'Scam',
    });
    expect(response.statusCode).toBe(200);
    expect(await exists(questions, reported.id)).toBe(false);
    expect((await t.app.inject({ url: `/api/questions/${reported.id}` })).statusCode).toBe(404);
    expect(await row(reported.id, 'open')).toBeUndefined();
    expect(await row(reported.id, 'resolved')).toMatchObject({
      status: 'resolved',
      targetType: 'question',
      details: ['Scam'],
      removed: true,
      link: null,
      content: {
        title: 'Buy a visa here',
        text: 'Buy a visa here: the details.',
        author: { id: bob.id, displayName: 'Bob Nguyen' },
      },
    });
    expect(await pending()).toBe(before - 1);
    expect(await lastAudit()).toMatchObject({
      action: 'report.remove',
      targetType: 'question',
      targetId: reported.id,
      targetLabel: 'Buy a visa here',
      reason: 'Scam',
    });
  });

  it('deletes a reply and moves its question’s reply count', async () => {
    const asked = await question('Renting without a bond?');
    const reply = await insertReply(t.db, {
      questionId: asked.id,
      authorId: alice.id,
      content: 'Send cash to my account.',
    });
    await t.db.update(questions).set({ replyCount: 1 }).where(eq(questions.id, asked.id));
    await api().report(bob, 'reply', reply.id, 'spam');
    expect((await api().decide(admin, await reportId(reply.id), { action: 'remove' })).statusCode).toBe(200);
    expect(await exists(replies, reply.id)).toBe(false);
    expect(await exists(questions, asked.id)).toBe(true);
    expect((await t.db.select().from(questions).where(eq(questions.id, asked.id)))[0]!.replyCount).toBe(0);
    expect(await row(reply.id, 'resolved')).toMatchObject({
      targetType: 'reply',
      removed: true,
      content: {
        title: 'Renting without a bond?',
        text: 'Send cash to my account.',
        author: { id: alice.id },
      },
    });
    expect(await lastAudit()).toMatchObject({
      action: 'report.remove',
      targetType: 'reply',
      targetId: reply.id,
      reason: null,
    });
  });

  it('deletes a chat message and keeps it and its context on the resolved row', async () => {
    const { student, conversation, sent } = await chatWith(['hello', 'hi', 'send me your passport photo']);
    await api().reportChat(student, conversation.id, {
      reason: 'personal-information',
      messageId: sent[2]!.id,
    });
    expect((await api().decide(admin, await reportId(sent[2]!.id), { action: 'remove' })).statusCode).toBe(
      200,
    );
    expect(await exists(messages, sent[2]!.id)).toBe(false);
    expect(await exists(messages, sent[1]!.id)).toBe(true);
    const resolved = await row(sent[2]!.id, 'resolved');
    expect(resolved).toMatchObject({
      targetType: 'message',
      removed: true,
      link: null,
      content: { text: 'send me your passport photo', title: 'Job offer' },
    });
    expect(resolved!.context.map((line) => [line.content, line.reported])).toEqual([
      ['hello', false],
      ['hi', false],
      ['send me your passport photo', true],
    ]);
    expect(await lastAudit()).toMatchObject({
      action: 'report.remove',
      targetType: 'message',
      targetId: sent[2]!.id,
    });
  });

  it('closes a reported chat instead of deleting it: its history stays and nobody can write in it', async () => {
    const { student, conversation } = await chatWith(['hello', 'give me money']);
    await api().reportChat(student, conversation.id, { reason: 'abuse' });
    expect(
      (await api().decide(admin, await reportId(conversation.id), { action: 'remove' })).statusCode,
    ).toBe(200);
    const [chat] = await t.db.select().from(conversations).where(eq(conversations.id, conversation.id));
    expect(chat!.status).toBe('closed');
    expect(
      (
        await t.db.select({ n: count() }).from(messages).where(eq(messages.conversationId, conversation.id))
      )[0]!.n,
    ).toBe(2);
    const write = await api().send('POST', `/api/conversations/${conversation.id}/messages`, student, {
      content: 'hi?',
    });
    expect(write.statusCode).toBe(409);
    expect(await row(conversation.id, 'open')).toBeUndefined();
    // Closed, not removed: the row says what the chat was called and shows its last messages.
    expect(await row(conversation.id, 'resolved')).toMatchObject({
      targetType: 'conversation',
      status: 'resolved',
      removed: false,
      link: null,
      content: { title: 'Job offer', text: 'Job offer' },
    });
    expect(await lastAudit()).toMatchObject({
      action: 'report.remove',
      targetType: 'conversation',
      targetId: conversation.id,
    });
  });
});

describe('reports outlive what they report', () => {
  it('keep a question and a reply, with what they said, when their author deletes their account', async () => {
    const leaving = await createUser(t.db, { displayName: 'Leaving Author' });
    const [asked] = await insertQuestions(t.db, [
      {
        authorId: leaving.id,
        title: 'Cheap visas, message me',
        content: 'Guaranteed approval.',
        replyCount: 0,
      },
    ]);
    const elsewhere = await question('Where do I get a TFN?');
    const reply = await insertReply(t.db, {
      questionId: elsewhere.id,
      authorId: leaving.id,
      content: 'Pay me and I will get it for you.',
    });
    await api().report(alice, 'question', asked!.id, 'spam');
    await api().report(alice, 'reply', reply.id, 'spam');
    // The account goes, and with it everything its person wrote (the account's deletion is this row's).
    await t.db.delete(users).where(eq(users.id, leaving.id));
    expect(await exists(questions, asked!.id)).toBe(false);
    expect(await exists(replies, reply.id)).toBe(false);
    expect(await row(asked!.id, 'open')).toMatchObject({
      targetType: 'question',
      removed: true,
      link: null,
      content: {
        title: 'Cheap visas, message me',
        text: 'Guaranteed approval.',
        author: { id: leaving.id, displayName: 'Leaving Author' },
      },
    });
    expect(await row(reply.id, 'open')).toMatchObject({
      targetType: 'reply',
      removed: true,
      content: { title: 'Where do I get a TFN?', text: 'Pay me and I will get it for you.' },
    });
    // An admin can still act on it: removing what is already gone resolves the reports.
    expect((await api().decide(admin, await reportId(reply.id), { action: 'remove' })).statusCode).toBe(200);
    expect(await row(reply.id, 'resolved')).toMatchObject({
      removed: true,
      content: { text: 'Pay me and I will get it for you.' },
    });
  });

  it('are resolved, with what they reported, when an admin deletes the reply outside the queue', async () => {
    const asked = await question('Who signs my lease?');
    const reply = await insertReply(t.db, {
      questionId: asked.id,
      authorId: bob.id,
      content: 'Buy my signature.',
    });
    await t.db.update(questions).set({ replyCount: 1 }).where(eq(questions.id, asked.id));
    await api().report(alice, 'reply', reply.id, 'spam');
    expect((await api().send('DELETE', `/api/replies/${reply.id}`, admin)).statusCode).toBe(200);
    expect(await row(reply.id, 'open')).toBeUndefined();
    expect(await row(reply.id, 'resolved')).toMatchObject({
      removed: true,
      content: { text: 'Buy my signature.' },
    });
  });

  it('keep a chat message and its context when the chat is deleted with an account', async () => {
    const { student, conversation, sent } = await chatWith(['Hi', 'Send me your passport number', 'Why?']);
    await api().reportChat(student, conversation.id, {
      reason: 'personal-information',
      messageId: sent[1]!.id,
    });
    await t.db.delete(conversations).where(eq(conversations.id, conversation.id));
    expect(await row(sent[1]!.id, 'open')).toMatchObject({
      targetType: 'message',
      removed: true,
      content: { text: 'Send me your passport number', author: { id: mentor.id } },
      context: [
        { content: 'Hi', reported: false },
        { content: 'Send me your passport number', reported: true },
      ],
    });
  });
});

describe('migration 0016', () => {
  it('gives reports filed before it what their item says, as the queue shows it, chat lines aside', async () => {
    const asked = await question('Is a cash job legal?');
    const reply = await insertReply(t.db, {
      questionId: asked.id,
      authorId: alice.id,
      content: 'Ask Fair Work.',
    });
    const chloe = await insertReply(t.db, {
      questionId: asked.id,
      authorId: null,
      content: 'Chloe here.',
      isAiReply: true,
    });
    const { student, conversation, sent } = await chatWith(['Hello', 'Pay me first']);
    await api().report(mentor, 'question', asked.id, 'spam');
    await api().report(mentor, 'reply', reply.id, 'spam');
    await api().report(mentor, 'reply', chloe.id, 'spam');
    await api().reportChat(student, conversation.id, { reason: 'spam', messageId: sent[1]!.id });
    await api().reportChat(student, conversation.id, { reason: 'spam' });
    const targets = [asked.id, reply.id, chloe.id, sent[1]!.id, conversation.id];
    const filed = await t.db.select().from(reports).where(inArray(reports.targetId, targets));
    await t.db.update(reports).set({ snapshot: null }).where(inArray(reports.targetId, targets));
    const sql = readFileSync(path.join(migrationsFolder(), '0016_reports_outlive_items.sql'), 'utf8');
    for (const statement of sql
      .split('--> statement-breakpoint')
      .filter((part) => part.includes('UPDATE "reports"')))
      await t.db.execute(statement);
    const backfilled = await t.db.select().from(reports).where(inArray(reports.targetId, targets));
    for (const report of filed) {
      const after = backfilled.find((row) => row.id === report.id)!;
      expect(after.snapshot).toEqual({ ...report.snapshot, context: [] });
    }
  });
});

describe('mistakes and races', () => {
  it('answers 409 to acting on an item twice, whichever way', async () => {
    const reported = await question('Twice');
    await api().report(alice, 'question', reported.id);
    const id = await reportId(reported.id);
    expect((await api().decide(admin, id, { action: 'dismiss' })).statusCode).toBe(200);
    const audits = (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
    for (const action of ['dismiss', 'remove']) {
      const response = await api().decide(admin, id, { action });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: pagesEn.admin.reportDone, code: 'REPORT_DONE' });
    }
    expect(await exists(questions, reported.id)).toBe(true);
    expect((await t.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(audits);
    const vi = await api().send(
      'PATCH',
      `/api/admin/reports/${id}`,
      admin,
      { action: 'dismiss' },
      { 'accept-language': 'vi' },
    );
    expect(vi.json().error).toBe(pagesVi.admin.reportDone);
  });

  // The decision (docs/decisions/014) and the schema: PATCH takes an *open* report's id. queue.ts decideReport looks up
  // the given report whatever its status and then acts on the item's open reports, so an admin acting on a row they
  // saw before (now dismissed) decides a newer report nobody has looked at.
  it('does not let a report already dealt with decide a newer report on the same item', async () => {
    const reported = await question('Reported again later');
    await api().report(alice, 'question', reported.id, 'spam');
    const first = await reportId(reported.id);
    expect((await api().decide(admin, first, { action: 'dismiss' })).statusCode).toBe(200);
    await api().report(bob, 'question', reported.id, 'abuse', 'Now it threatens people');
    const stale = await api().decide(admin, first, { action: 'remove' });
    expect(stale.statusCode).toBe(409);
    expect(await exists(questions, reported.id)).toBe(true);
    expect(await row(reported.id, 'open')).toMatchObject({ details: ['Now it threatens people'] });
  });

  it('answers 404 to an unknown report and 400 to a bad id or action, in the caller’s language', async () => {
    const unknown = await api().decide(admin, UNKNOWN_ID, { action: 'dismiss' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: pagesEn.errors.notFound, code: 'NOT_FOUND' });
    expect((await api().decide(admin, 'nope', { action: 'dismiss' })).json()).toEqual({
      error: pagesEn.validation.idInvalid,
      code: 'VALIDATION',
    });
    const reported = await question('Bad action');
    await api().report(alice, 'question', reported.id);
    const id = await reportId(reported.id);
    for (const body of [{ action: 'delete' }, {}, { action: 'remove', reason: 'x'.repeat(501) }]) {
      const response = await api().decide(admin, id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api().decide(admin, id, { action: 'ban' })).json()).toEqual({
      error: 'The action must be dismiss or remove.',
      code: 'VALIDATION',
    });
    const vi = await api().send(
      'PATCH',
      `/api/admin/reports/${id}`,
      admin,
      { action: 'ban' },
      { 'accept-language': 'vi' },
    );
    expect(vi.json().error).toBe(pagesVi.admin.actionInvalid);
    // Still open and untouched.
    expect(await row(reported.id, 'open')).toMatchObject({ status: 'open' });
    expect(await exists(questions, reported.id)).toBe(true);
  });
});
